// Where the public pages find their images (served by the API server under /assets/images).
// Width and height are the files' intrinsic sizes, so the browser reserves the space (no
// layout shift); issue 6 replaces these plain URLs with responsive variants.

/** URL of a project or project-type image, from its file name. */
export const imageUrl = (name: string) => `/assets/images/${encodeURIComponent(name)}`;

/** Project and project-type photos are 4:3. */
export const photoSize = { width: 1200, height: 900 } as const;

export const pageImages = {
  welcome: { src: '/assets/images/accueil.jpg', width: 1920, height: 1080 },
  workshop: { src: '/assets/images/atelier.jpg', width: 1600, height: 1000 },
  owner: { src: '/assets/images/proprietaire.jpg', width: 900, height: 1200 },
} as const;
