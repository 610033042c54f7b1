// Texts of the quote request form (issue 17), its confirmation and the privacy page, in French.
// The server says the same refusals in its own words (server/quotes/rules.ts) when a rule is
// broken without this form (no JavaScript, another client).

export const quotes = {
  form: {
    title: 'Demander une soumission',
    intro: 'Décrivez votre projet : nous vous répondons d’ici deux jours ouvrables. Les champs marqués * sont obligatoires.',
    name: 'Nom *',
    email: 'Courriel',
    phone: 'Téléphone',
    contactHint: 'Un courriel ou un numéro de téléphone, au moins, pour que nous puissions vous répondre.',
    city: 'Ville',
    work: 'Type de travaux',
    workNone: 'Choisissez…',
    message: 'Votre projet *',
    messageHint: (length: number) => `${length} / 2 000 caractères (20 au moins)`,
    photos: 'Photos de l’espace (facultatif)',
    photosHint: (photos: number, mo: number) =>
      `Jusqu’à ${photos} photos JPEG, PNG, WebP ou AVIF, ${mo} Mo chacune. Les photos HEIC d’iPhone : choisissez « Le plus compatible » dans les réglages de l’appareil photo.`,
    honeypot: 'Ne remplissez pas ce champ',
    consent: (days: number) =>
      `J’accepte que ces renseignements servent uniquement à répondre à ma demande de soumission; ils sont conservés ${days} jours, puis effacés.`,
    privacyLink: 'Politique de confidentialité',
    submit: 'Envoyer ma demande',
    sending: 'Envoi en cours…',
    progress: (percent: number) => `Envoi des photos : ${percent} %`,
    processing: 'Photos reçues, enregistrement de la demande…',
    sentTitle: 'Demande envoyée',
    sentNext: 'En général, nous proposons ensuite une visite pour voir l’espace. Pour une urgence, appelez-nous.',
    another: 'Envoyer une autre demande',
    failed: 'La demande n’a pas pu être envoyée : vérifiez votre connexion Internet, puis réessayez. Rien de ce que vous avez écrit n’est perdu.',
    fixErrors: 'Corrigez les champs signalés, puis envoyez de nouveau.',
    unavailable: 'Le formulaire ne peut pas s’afficher pour le moment : appelez-nous ou écrivez-nous.',
  },
  errors: {
    name: 'Indiquez votre nom (100 caractères au plus).',
    contact: 'Indiquez un courriel ou un numéro de téléphone pour que nous puissions vous répondre.',
    email: 'Adresse courriel invalide (exemple : nom@domaine.ca).',
    phone: 'Numéro de téléphone invalide : de 10 à 15 chiffres (exemple : 819 555-0142).',
    city: 'La ville compte au plus 100 caractères.',
    message: 'Décrivez votre projet en 20 à 2 000 caractères.',
    consent: 'Cochez la case de consentement pour envoyer votre demande.',
    tooManyPhotos: 'Cinq photos au plus.',
    photoType: (name: string) => `${name} : format non pris en charge (JPEG, PNG, WebP, AVIF ou GIF).`,
    photoSize: (name: string, mo: number) => `${name} : photo trop volumineuse (${mo} Mo au plus).`,
  },
  privacy: {
    title: 'Politique de confidentialité',
    description: 'Ce que nous faisons des renseignements envoyés par le formulaire de demande de soumission, et combien de temps nous les gardons.',
    intro: (business: string) =>
      `${business} recueille seulement les renseignements nécessaires pour répondre à une demande de soumission, conformément à la Loi 25 du Québec.`,
    collectedTitle: 'Renseignements recueillis',
    collected:
      'Votre nom, votre courriel ou votre téléphone, votre ville, le type de travaux, votre message et les photos que vous joignez. Les photos sont débarrassées de leurs métadonnées (dont la position GPS) dès leur réception.',
    useTitle: 'Utilisation',
    use: 'Ces renseignements servent uniquement à vous répondre et à préparer votre soumission. Ils ne sont ni vendus, ni partagés, ni utilisés pour de la publicité.',
    keptTitle: 'Conservation',
    kept: (days: number) =>
      `Les demandes sont conservées ${days} jours, puis effacées automatiquement avec leurs photos. Elles sont stockées sur le serveur du site et transmises par courriel au responsable de l’entreprise; seuls les administrateurs du site y ont accès.`,
    rightsTitle: 'Vos droits',
    rights: (email: string) =>
      `Vous pouvez demander à consulter, corriger ou effacer vos renseignements en écrivant à ${email}. Le responsable de la protection des renseignements personnels est le propriétaire de l’entreprise.`,
    statsTitle: 'Statistiques de visite',
    stats: (days: number) =>
      `Pour savoir quelles pages sont utiles, le site compte lui-même les pages vues : la page, le jour et l’heure, le site d’où vous venez (son nom seulement), la langue de la page et le type d’appareil (téléphone, tablette ou ordinateur). Rien n’est enregistré dans votre navigateur : aucun témoin (cookie), aucun stockage. Votre adresse IP n’est jamais conservée : le jour même, elle sert seulement à reconnaître une visite sans vous identifier, par un code qui change chaque jour et ne peut pas être relié à celui du lendemain. Si vous envoyez une demande de soumission, les pages vues ce jour-là y sont jointes. Ces données restent sur le serveur du site et ne sont transmises à personne; le détail des pages vues est effacé après ${days} jours, seuls des totaux par jour sont gardés. Les robots et les administrateurs du site ne sont pas comptés.`,
    noCookie: 'Le site n’utilise aucun témoin (cookie) de suivi ni aucun service d’un autre site : un seul témoin technique protège les formulaires.',
  },
} as const;
