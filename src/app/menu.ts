// The fixed navigation menu lives in the contract: the server answers it at GET /api/menu.
export { fixedMenu } from '../../contract/menu';
