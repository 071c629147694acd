// The studio's pages import the shared money formatter through this path (issue #15 moved it to @pencraft/rules);
// it goes once those pages import '@pencraft/rules' themselves.
export { exactManats, formatManat, parseManat } from '@pencraft/rules';
