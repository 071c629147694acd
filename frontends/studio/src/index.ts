// An asynchronous boundary, so that Module Federation can negotiate the shared singletons first.
void import('./standalone.js');
