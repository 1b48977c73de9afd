// The react-router APIs the remotes use, re-exported so a remote reaches the router only
// through the SDK. React Router keeps its state in React contexts, so the page must run
// ONE copy of it: the shell's, which creates the router. react-router is not a federation
// singleton (a shared module cannot be tree-shaken: shared whole it was 59.8 KiB gzip of
// the home route's first load); the SDK is, and inside the shell build its react-router
// import and the shell's own resolve to the same module. A remote that imported
// react-router itself would get its own copy, whose hooks find no router.
// Add a name here (a minor SDK bump) before a remote may use it; remote-contract-tests
// fails on any direct import.
export { useNavigate, useSearchParams } from 'react-router';
