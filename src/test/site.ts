// Site settings of a business other than the demo's, for tests that answer GET /api/site
// themselves (a scripted server): what the pages show must come from the answer.
export { testSite } from '../../contract/testSite';
