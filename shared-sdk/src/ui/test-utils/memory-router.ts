// Tests render remote pages inside a MemoryRouter. Kept out of the SDK entry (no page
// needs it, and the entry is shipped whole as a federation singleton); it is the same
// react-router module the entry re-exports, so the pages' hooks find this router.
export { MemoryRouter } from 'react-router';
