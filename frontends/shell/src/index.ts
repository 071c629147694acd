// The stylesheets load with the page (linked in index.html, also under a server-rendered page); the app itself
// after an asynchronous boundary, so that Module Federation can negotiate the shared singletons before React loads.
import '@pencraft/ui/styles.css';
import './shell.css';

void import('./bootstrap.js');
