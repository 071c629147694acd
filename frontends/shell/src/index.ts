// An asynchronous boundary, so that Module Federation can negotiate the shared singletons before React loads.
void import('./bootstrap.js');
