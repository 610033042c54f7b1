// Tag "menu": the fixed navigation menu of the specification.
import { fixedMenu } from '../../contract/menu.ts';
import type { TagModule } from '../operations.ts';

export const menuRoutes: TagModule<'getMenu'> = {
  tag: 'menu',
  handlers: {
    getMenu: async () => fixedMenu,
  },
};
