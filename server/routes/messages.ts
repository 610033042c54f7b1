// French messages shared by the handlers.
export const msg = {
  idMismatch: (bodyId: number, pathId: number) =>
    `L'identifiant du formulaire (${bodyId}) ne correspond pas à celui de l'adresse (${pathId}) : rechargez la page et réessayez.`,
  notFound: (what: string, id: number) =>
    `${what} n° ${id} est introuvable : ${what.startsWith('La ') ? 'elle a peut-être été effacée' : 'il a peut-être été effacé'} entre-temps.`,
} as const;
