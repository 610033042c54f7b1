// Texts of the administrator area, word for word from the specification (sections 2, 4, 5, 8).
export const admin = {
  login: {
    user: 'Usager',
    password: 'Mot-de-passe',
    submit: 'Connexion',
    failed: 'Usager ou Mot-de-passe incorrect',
  },
  menu: { quit: 'Quitter Admin' },
  banner: {
    success: 'Opération effectuée avec succès',
    failure: (message: string) => `Opération non effectuée. Une erreur est survenue ( ${message} )`,
  },
  counter: {
    record: (n: number, total: number) => `Projet: ${n} de : ${total}`,
    user: (n: number, total: number) => `Usager: ${n} de : ${total}`,
  },
  buttons: {
    update: 'Mettre à jour',
    erase: 'Effacer',
    new: 'Nouveau',
    add: 'Ajouter',
    accept: 'Accepter',
    back: 'Retour',
    cancel: 'Cancel',
    cancelUser: 'Canceler',
  },
  confirm: {
    erase: (name: string) => `Voulez-vous effacer ${name}`,
    eraseUser: "Voulez-vous supprimer l'usager?",
    eraseSubType: 'Voulez-vous effacer ce sous-type?',
  },
  subType: { none: 'Aucun sous-type', add: 'Ajouter' },
  validation: {
    projectTypeNameRequired: 'Nom de type de projet requis',
    projectNameRequired: 'Nom de projet requis',
    descriptionRequired: 'Description requise',
    imageRequired: 'Image requise',
    projectTypeRequired: 'Type de projet',
    categoryRequired: 'Catégorie requise',
    userNameRequired: "Nom d'usager requis",
    userNameInvalid: "Nom d'usager invalide",
    passwordRequired: 'Mot-de-passe requis',
    confirmationRequired: 'Confirmation requise',
    confirmationDifferent: 'Confirmation différente du mot-de-passe',
    min: (n: number) => `${n} charactères minimum`,
    max: (n: number) => `${n} charactères maximum`,
  },
} as const;
