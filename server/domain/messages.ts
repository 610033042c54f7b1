// The server's French messages: every sentence an API answer carries, in one place. The image
// messages' first three are the issue's own words, which the client shows (and its tests expect)
// as is. No file name or other sender's text goes into a message about an upload: the answer's
// Name carries it.
const missing = (what: string, id: number) =>
  `${what} n° ${id} est introuvable : ${what.startsWith('La ') ? 'elle a peut-être été effacée' : 'il a peut-être été effacé'} entre-temps.`;
/** A record named in the address does not exist (404). */
const notFound = {
  category: (id: number) => missing('La catégorie', id),
  galleryItem: (id: number) => missing('La photo de galerie', id),
  projectType: (id: number) => missing('Le type de projet', id),
  project: (id: number) => missing('Le projet', id),
  testimonial: (id: number) => missing('Le témoignage', id),
  user: (id: number) => missing("L'usager", id),
};

export const messages = {
  ok: 'Opération effectuée avec succès',
  /** The licence as the law wants it written (issue 31): « Licence RBQ : 1234-5678-90 ». */
  licence: (number: string) => `Licence RBQ : ${number}`,
  unauthorized: 'Authentification requise : connectez-vous de nouveau.',
  idMismatch: (bodyId: number, pathId: number) =>
    `L'identifiant du formulaire (${bodyId}) ne correspond pas à celui de l'adresse (${pathId}) : rechargez la page et réessayez.`,
  notFound,
  noProjectType: (id: number) => `Le type de projet n° ${id} n'existe pas : choisissez un type de la liste.`,
  request: {
    unsupportedMediaType: 'Type de contenu non pris en charge : envoyez du JSON (application/json).',
    tooLarge: 'Requête trop volumineuse.',
    tooSlow: 'Requête reçue trop lentement : vérifiez la connexion et réessayez.',
    invalidUnicode:
      'Le texte envoyé contient un caractère Unicode invalide (moitié de paire de substitution) : corrigez-le et réessayez.',
    invalidJson: 'Le corps de la requête doit être un objet JSON valide.',
    notFound: 'Ressource introuvable.',
    invalid: 'Requête invalide : le corps doit être un objet JSON valide.',
    forbiddenPath: 'Accès refusé : cette adresse n’est pas servie.',
    unknownAddress: 'Ressource introuvable : vérifiez l’adresse.',
    internal: 'Erreur interne du serveur : réessayez dans un moment.',
  },
  /** The page answered when rendering a public page failed (503), in the page's language. */
  renderFailed: {
    fr: {
      title: 'Service momentanément indisponible',
      text: 'La page n’a pas pu être préparée. Réessayez dans un moment.',
      home: 'Retour à l’accueil',
    },
    en: {
      title: 'Service temporarily unavailable',
      text: 'The page could not be prepared. Try again in a moment.',
      home: 'Back to the home page',
    },
  },
  signIn: {
    busy: (seconds: number) => `Trop de connexions en cours : réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
    tooManyFailures: (seconds: number) => `Trop de tentatives de connexion échouées. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,
    sessionExpired: 'Session expirée ou invalide : reconnectez-vous.',
    loggedOut: 'Vous êtes déconnecté.',
  },
  /** An administrator's second factors (issue 29). */
  secondFactor: {
    totpAlreadyOn: 'Les codes d’une application sont déjà activés pour ce compte : désactivez-les d’abord pour changer d’application.',
    totpNotStarted: 'Commencez par « Activer les codes d’une application » : aucun code en attente d’activation.',
    totpNotOn: 'Les codes d’une application ne sont pas activés pour ce compte.',
    wrongCode: 'Code incorrect ou expiré : tapez le code affiché maintenant par l’application (6 chiffres).',
    wrongProof: 'Code incorrect : tapez le code affiché maintenant par l’application, ou un code de récupération inutilisé.',
    noFactor: 'Activez d’abord une deuxième étape de connexion (une clé d’accès ou les codes d’une application).',
    totpOn: 'Les codes d’une application sont activés.',
    totpOff: 'Les codes d’une application sont désactivés.',
    newCodes: 'Nouveaux codes de récupération : les anciens ne fonctionnent plus.',
    setupRequired: 'Configurez d’abord une deuxième étape de connexion dans « Sécurité du compte ».',
    // Passkeys.
    passkeyProofRefused: 'Clé d’accès refusée : recommencez avec une clé d’accès de ce compte, ou tapez un code.',
    passkeyRefused: 'Clé d’accès refusée : elle n’a pas pu être vérifiée pour ce site et ce compte. Recommencez.',
    passkeyAdded: (name: string) => `Clé d’accès « ${name} » ajoutée.`,
    passkeyRemoved: (name: string) => `Clé d’accès « ${name} » retirée.`,
    passkeyNotFound: 'Aucune clé d’accès de ce compte ne porte ce numéro.',
    noPasskey: 'Aucune clé d’accès pour ce compte.',
    signInOver: 'Cette connexion a expiré : recommencez avec le mot de passe.',
  },
  /** What the command-line tools and the start-up print for the operator. */
  cli: {
    adminUsage: 'Usage : npm run admin -- add-user COURRIEL | reset-password COURRIEL   (mot de passe : ADMIN_PASSWORD, sinon aléatoire) | reset-2fa COURRIEL',
    emailInvalid: (email: string) => `Adresse courriel invalide (7 à 50 caractères) : ${email}`,
    passwordLength: 'ADMIN_PASSWORD doit contenir de 8 à 50 caractères.',
    userExists: (email: string) => `L'usager ${email} existe déjà (utilisez reset-password).`,
    userAdded: (email: string) => `Administrateur ${email} ajouté.`,
    noUser: (email: string) => `Aucun usager ${email}.`,
    passwordChanged: (email: string) => `Mot de passe de ${email} changé ; ses sessions sont fermées.`,
    passwordOnce: (password: string) => `Mot de passe (affiché une seule fois) : ${password}`,
    secondFactorReset: (email: string) => `Deuxième étape de connexion de ${email} retirée (clés d’accès, codes d’application et de récupération) ; ses sessions sont fermées.`,
    adminCreated: (email: string, password: string) =>
      `\n  Administrateur créé : ${email}\n  Mot de passe (affiché une seule fois) : ${password}\n  Changez-le avec : npm run admin -- reset-password ${email}\n\n`,
    adminFromEnv: 'Administrateur créé depuis ADMIN_EMAIL / ADMIN_PASSWORD.',
    demoSeeded: 'Base vide : contenu de démonstration ajouté.',
    buildFailed: 'La construction du site a échoué (npm run build).',
    backupWritten: (file: string, files: number, dataDir: string) => `Sauvegarde écrite : ${file} (${files} fichiers, depuis ${dataDir})`,
    migrated: (migration: string) => `Base de données à jour (dernière migration : ${migration}).`,
    backupsKept: (dir: string, kept: number, removed: number) => `${kept} sauvegardes gardées dans ${dir}${removed ? ` (${removed} plus ancienne${removed > 1 ? 's' : ''} effacée${removed > 1 ? 's' : ''})` : ''}`,
    noBackupIn: (dir: string) => `Aucune sauvegarde portfolio-*.tar.gz dans ${dir}`,
    restored: (dataDir: string, files: number, createdAt: string) => `Restauré dans ${dataDir} : ${files} fichiers de la sauvegarde du ${createdAt}`,
  },
  /** Why the server refuses to start with the environment it was given (server/config.ts). */
  config: {
    requireSecondFactor: (value: string) => `REQUIRE_SECOND_FACTOR=${value} : attendu true ou false.`,
    trustProxyTrue:
      'TRUST_PROXY=true ferait confiance à tout X-Forwarded-For (le client y écrit ce qu’il veut) : donnez les adresses des mandataires (TRUST_PROXY=127.0.0.1 derrière un nginx sur la même machine).',
    trustProxyHops: (value: string) =>
      `TRUST_PROXY=${value} : Fastify ne fait confiance à aucun nombre de sauts ; donnez les adresses des mandataires (TRUST_PROXY=127.0.0.1 derrière un nginx sur la même machine).`,
    trustProxyInvalid: (entry: string) =>
      `TRUST_PROXY invalide : « ${entry} » n'est pas une adresse ni un réseau (donnez les adresses des mandataires (TRUST_PROXY=127.0.0.1 derrière un nginx sur la même machine)).`,
    positiveInteger: (name: string, value: string) => `${name} invalide : ${value} (un nombre entier, au moins 1)`,
    publicUrl: (value: string) => `PUBLIC_URL invalide : ${value} (une origine comme https://www.exemple.ca)`,
    publicUrlPath: (value: string) => `PUBLIC_URL invalide : ${value} (une origine comme https://www.exemple.ca, sans chemin)`,
    days: (name: string, value: string) => `${name} invalide : ${value} (un nombre entier de jours, au moins 1)`,
    smtpUrl: 'SMTP_URL invalide : une adresse smtp://… ou smtps://…',
    databaseUrl: 'DATABASE_URL invalide : une adresse postgres://utilisateur:motdepasse@hôte:5432/base (ou rien : SQLite dans DATA_DIR).',
    port: (value: string) => `PORT invalide : ${value}`,
    refreshNotLonger: (refresh: number, access: number) =>
      `REFRESH_TOKEN_TTL (${refresh}) doit dépasser ACCESS_TOKEN_TTL (${access}) : sinon chaque renouvellement échoue.`,
    headersAfterRequest: (headers: number, request: number) => `HEADERS_TIMEOUT (${headers}) ne peut pas dépasser REQUEST_TIMEOUT (${request}).`,
    bodyAfterRequest: (body: number, request: number) => `BODY_TIMEOUT (${body}) ne peut pas dépasser REQUEST_TIMEOUT (${request}).`,
  },
  /** `npm run backup` / `restore`: why an archive is refused or a copy failed. */
  backup: {
    notRegular: (path: string) => `${path} n'est pas un fichier ordinaire`,
    changed: (path: string) => `${path} a changé pendant la sauvegarde`,
    truncated: 'Archive tronquée.',
    headerChecksum: 'Archive endommagée (somme de contrôle d’en-tête).',
    headerSize: 'Archive endommagée (taille).',
    paxTooLarge: 'Archive refusée : en-tête pax trop grand.',
    entryType: (type: string) => `Entrée refusée dans l'archive (type ${type}) : seuls des fichiers ordinaires.`,
    noDatabase: (dataDir: string) => `Aucune base de données dans ${dataDir}`,
    copyNotIntact: (detail: string) => `La copie de la base n'est pas intègre : ${detail}`,
    noManifest: 'Archive sans manifest.json : ce n’est pas une sauvegarde du portfolio.',
    manifestTooLarge: 'Archive refusée : manifest.json trop grand.',
    manifestUnreadable: 'Archive endommagée : manifest.json illisible.',
    unknownFormat: 'Format de sauvegarde inconnu.',
    databaseMissing: 'La sauvegarde ne contient pas de base de données.',
    nameRefused: (name: string) => `Nom de fichier refusé dans l'archive : ${name}`,
    sizeInvalid: (name: string) => `Taille invalide dans manifest.json : ${name}`,
    tooLargeForDisk: (bytes: number) => `Archive refusée : ${bytes} octets annoncés, plus que l'espace libre du disque.`,
    unexpected: (name: string) => `Fichier inattendu dans l'archive : ${name}`,
    damaged: (name: string) => `Fichier absent ou endommagé dans l'archive : ${name}`,
    restoredNotIntact: (detail: string) => `La base restaurée n'est pas intègre : ${detail}`,
    notEmpty: (dataDir: string) => `${dataDir} n'est pas vide : la restauration se fait dans un DATA_DIR vide.`,
    databaseNotEmpty: 'La base PostgreSQL de DATABASE_URL contient déjà des données : la restauration se fait dans une base vide (créez-en une nouvelle).',
    dumpDamaged: 'Base de données de la sauvegarde illisible ou incomplète (database.jsonl).',
    dumpNewer: (migration: string) => `Sauvegarde faite par une version plus récente du site (migration ${migration}) : mettez le site à jour avant de la restaurer.`,
    needsPostgres: 'Cette sauvegarde est celle d’une base PostgreSQL : restaurez-la avec DATABASE_URL (une base PostgreSQL vide).',
    needsSqlite: 'Cette sauvegarde est celle d’une base SQLite : restaurez-la sans DATABASE_URL (dans un DATA_DIR vide).',
  },
  /** A write call without the XSRF header matching its cookie (403). */
  xsrf: 'Jeton de sécurité (XSRF) absent ou invalide : rechargez la page et réessayez.',
  category: {
    duplicate: (name: string) => `La catégorie « ${name} » existe déjà : choisissez un autre nom.`,
    hasTypes: (count: number) =>
      `Cette catégorie contient encore des types de projet (${count}) : déplacez-les vers une autre catégorie ou effacez-les d'abord.`,
  },
  projectType: {
    noCategory: (id: number) => `La catégorie n° ${id} n'existe pas : choisissez une catégorie de la liste.`,
    hasProjects: (count: number) =>
      `Ce type de projet contient encore des projets (${count}) : déplacez-les vers un autre type ou effacez-les d'abord.`,
  },
  project: {
    englishDescriptionRequired:
      'Un projet dont le nom est traduit en anglais doit avoir aussi sa description en anglais (En.Description) : écrivez-la, ou videz le nom en anglais pour laisser le projet non traduit.',
  },
  gallery: {
    altRequired: 'Texte de remplacement requis : décrivez ce que montre la photo.',
    notInLibrary: (name: string) => `« ${name} » n'est pas dans la photothèque : téléversez-la ou choisissez-en une de la liste.`,
    isCover: (name: string) => `« ${name} » est déjà la photo principale du projet : choisissez-en une autre pour la galerie.`,
    duplicate: (name: string) => `« ${name} » est déjà dans la galerie de ce projet.`,
    videoPaired: 'Une vidéo ne peut pas être l’« Avant » ou l’« Après » d’une comparaison : choisissez une photo.',
    full: (max: number) => `La galerie d’un projet compte ${max} photos et vidéos au plus : retirez-en une d’abord.`,
  },
  order: {
    stale: 'La liste a changé entre-temps (quelqu’un d’autre y a déplacé, ajouté ou effacé une fiche) : rechargez-la et recommencez.',
    notSame: 'Le nouvel ordre doit contenir exactement les fiches de la liste, chacune une fois.',
  },
  subType: {
    self: 'Un type de projet ne peut pas être son propre sous-type : choisissez un autre type.',
    linked: 'Ce sous-type est déjà lié à ce type de projet.',
    notLinked: "Ce sous-type n'est pas lié à ce type de projet : rechargez la liste.",
    noSubType: (id: number) => `Le sous-type n° ${id} n'existe pas : choisissez un type de la liste.`,
  },
  user: {
    duplicate: (email: string) => `L'usager « ${email} » existe déjà : choisissez une autre adresse.`,
    lastAdmin: "Impossible d'effacer le dernier administrateur : ajoutez d'abord un autre usager.",
  },
  site: {
    sinceFuture: (year: number) => `L'année de début d'activité (${year}) ne peut pas être dans le futur.`,
    photoMissing: (name: string) => `La photo « ${name} » n'est pas dans la bibliothèque : choisissez-en une de la liste.`,
    photoIsVideo: (name: string) => `« ${name} » est une vidéo : choisissez une photo.`,
    englishUnpaired: (list: string, english: number, french: number) =>
      `${list} en anglais (En) compte ${english} éléments et la française ${french} : chaque texte anglais va avec l’élément français à la même position, il ne peut pas y en avoir plus.`,
    /** The opening hours (issue 31): days named, Monday first, as Hours lists them. */
    days: ['lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche'],
    hoursOrder: (day: string, open: string, close: string) =>
      `Les heures d'ouverture du ${day} (Hours) : la fermeture (${close}) doit venir après l'ouverture (${open}).`,
    hoursOverlap: (day: string) =>
      `Les heures d'ouverture du ${day} (Hours) : les deux plages se chevauchent ; la seconde doit commencer après la fin de la première.`,
    cardTargetMissing: (card: number, href: string) =>
      `La carte n° ${card} de « Ce que nous faisons » mène à ${href}, une page qui n'existe pas : choisissez une catégorie ou un type de projet de la liste.`,
  },
  testimonial: {
    consentRequired:
      "Un témoignage ne peut être publié (Published) sans l'accord du client (Consent) : cochez « Le client a accepté que ce témoignage soit publié » ou décochez « Publié ».",
    noProject: (id: number) => `Le projet (ProjectId) n° ${id} n'existe pas : choisissez un projet de la liste, ou aucun.`,
    futureMonth: (month: string) => `Le mois des travaux (Month) ${month} est dans le futur : indiquez le mois où les travaux ont été faits.`,
  },
  menu: {
    entryMissing: (dropdown: number, entry: number, href: string) =>
      `L'entrée n° ${entry} du menu déroulant n° ${dropdown} mène à ${href}, une page qui n'existe pas : choisissez une catégorie ou un type de projet de la liste.`,
    linkMissing: (link: number, href: string) =>
      `Le lien de droite n° ${link} mène à ${href}, une page qui n'existe pas : choisissez une page de la liste.`,
  },
  /** Answers of the image files themselves (/assets/images/…). */
  imageFile: {
    notFound: 'Image introuvable.',
    rangeNotSatisfiable: 'Plage d’octets hors du fichier.',
  },
  image: {
    tooLarge: 'Image trop volumineuse (20 Mo maximum)',
    unsupported: "Format d'image non pris en charge",
    tooManyPixels: 'Image trop grande (50 mégapixels maximum)',
    damaged: 'Image endommagée ou illisible : exportez-la de nouveau et réessayez.',
    noFile: "Aucune image reçue : envoyez le fichier dans le champ « file » d'un formulaire multipart/form-data.",
    oneFile: "Envoyez une seule image à la fois, dans le champ « file ».",
    notMultipart: "Envoyez l'image en multipart/form-data, dans le champ « file ».",
    uploaded: 'Image enregistrée, avec ses variantes AVIF et WebP.',
    deleted: 'Image effacée, avec ses variantes.',
    notFound: "Image introuvable : elle a peut-être été effacée entre-temps.",
    pageImage: "Cette image est celle d'une page du site (accueil, à propos ou contact) : elle ne peut pas être effacée.",
    inUse: (projects: number, types: number) => {
      const parts: string[] = [];
      if (projects > 0) parts.push(`${projects} projet${projects > 1 ? 's' : ''}`);
      if (types > 0) parts.push(`${types} type${types > 1 ? 's' : ''} de projet`);
      return `Image utilisée par ${parts.join(' et ')} : choisissez-leur une autre image avant de l'effacer.`;
    },
  },
  video: {
    tooLarge: 'Vidéo trop volumineuse (100 Mo maximum)',
    posterRequired: "Une image d'aperçu est requise pour une vidéo",
    quicktime: 'Vidéo QuickTime (.mov) non prise en charge : exportez-la en MP4 (H.264) et réessayez.',
    damaged: 'Vidéo endommagée ou incomplète : exportez-la de nouveau en MP4 et réessayez.',
    poster: (message: string) => `Image d'aperçu refusée : ${message}`,
    onePoster: "Envoyez une seule image d'aperçu, dans le champ « poster ».",
    uploaded: "Vidéo enregistrée, avec son image d'aperçu et ses variantes AVIF et WebP.",
    deleted: "Vidéo effacée, avec son image d'aperçu.",
    posterOfVideo: "Cette image est l'aperçu d'une vidéo : elle est effacée avec la vidéo, pas seule.",
  },
  /** Quote requests: the form's refusals, the inbox. */
  quote: {
    sent: 'Merci ! Votre demande est bien reçue. Nous vous répondrons d’ici deux jours ouvrables, par courriel ou par téléphone.',
    field: {
      Name: 'Indiquez votre nom (100 caractères au plus).',
      Email: 'Adresse courriel invalide (exemple : nom@domaine.ca).',
      Phone: 'Numéro de téléphone invalide : de 10 à 15 chiffres (exemple : 819 555-0142).',
      City: 'La ville compte au plus 100 caractères.',
      Work: 'Choisissez un type de travaux de la liste.',
      Message: 'Décrivez votre projet en 20 à 2 000 caractères.',
      Consent: 'Cochez la case de consentement pour envoyer votre demande.',
      Website: 'Ce champ doit rester vide.',
      Token: 'Le formulaire a expiré : rechargez la page et réessayez.',
      Photos: 'Cinq photos au plus.',
      Lang: 'Langue du formulaire inconnue : rechargez la page et réessayez.',
    },
    forbiddenCharacter: 'Votre texte contient un caractère interdit (de contrôle, invisible ou de sens d’écriture) : retirez-le et réessayez.',
    contactRequired: 'Indiquez un courriel ou un numéro de téléphone pour que nous puissions vous répondre.',
    robot: 'Votre demande ressemble à un envoi automatique et n’a pas été enregistrée. Si vous êtes une personne, rechargez la page, remplissez le formulaire et réessayez.',
    tooFast: 'Envoi trop rapide : prenez quelques secondes pour relire votre demande, puis envoyez-la de nouveau.',
    tokenUsed: 'Ce formulaire a déjà été envoyé : rechargez la page pour envoyer une autre demande.',
    tooMany: (minutes: number) => `Trop de demandes envoyées depuis votre connexion : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}, ou appelez-nous.`,
    photo: (n: number, reason: string) => `Photo ${n} refusée : ${reason}`,
    photoTooLarge: 'Photo trop volumineuse (20 Mo au plus par photo).',
    malformed: 'Formulaire incomplet ou endommagé : rechargez la page et réessayez.',
    otherSite: 'Ce formulaire doit être envoyé depuis notre site : rechargez la page et réessayez.',
    notFound: 'Demande introuvable : elle a peut-être été effacée.',
    updated: 'Demande mise à jour.',
    deleted: 'Demande effacée.',
    photoNotFound: 'Photo introuvable.',
    /** The e-mail the owner receives (in French, whatever the form's language). */
    mail: {
      subject: (name: string, work: string, english: boolean) =>
        `Demande de soumission${english ? ' (en anglais)' : ''} : ${name}${work ? ` (${work})` : ''}`,
      english: 'Demande en anglais : le client a rempli le formulaire du site en anglais ; répondez-lui en anglais.',
      intro: (id: number) =>
        `Nouvelle demande de soumission n° ${id}, reçue par le formulaire du site. Elle est aussi dans l’espace administrateur, menu « Demandes ».`,
      name: 'Nom',
      email: 'Courriel',
      phone: 'Téléphone',
      city: 'Ville',
      work: 'Type de travaux',
      received: 'Reçue le',
      photos: 'Photos',
      none: '(aucun)',
      cityUnknown: '(non précisée)',
      workUnknown: '(non précisé)',
      noPhoto: 'aucune',
      attached: (count: number) => `${count} (en pièces jointes)`,
      message: 'Message',
      reply: 'Répondez à ce courriel pour écrire au client.',
      call: 'Le client n’a pas laissé de courriel : appelez-le.',
    },
    /** The page that answers a request sent without JavaScript. */
    page: {
      sent: 'Demande envoyée',
      notSent: 'Demande non envoyée',
      home: 'Retour à l’accueil',
      back: 'Revenez au formulaire avec le bouton « Précédent » de votre navigateur : ce que vous avez écrit y est encore. Vous pouvez aussi',
      reopen: 'rouvrir le formulaire',
      orCall: 'ou nous appeler.',
    },
  },
  /** Schema violations (plugins/validationMessages.ts picks the sentence from Ajv's error). */
  validation: {
    invalid: 'Requête invalide.',
    body: 'Le corps de la requête',
    request: 'La requête',
    field: 'Le champ',
    /** An English text's label: « Le nom en anglais (En.Name) ». */
    inEnglish: 'en anglais',
    englishTexts: 'La version anglaise (En)',
    labels: {
      Id: "L'identifiant",
      id: "L'identifiant",
      typeId: "L'identifiant du type de projet",
      count: 'Le nombre demandé',
      lang: 'La langue',
      Name: 'Le nom',
      Description: 'La description',
      Image: "Le nom d'image",
      name: "Le nom d'image",
      CategoryId: 'La catégorie',
      ProjectTypeId: 'Le type de projet',
      SrcId: 'Le type de projet parent',
      DestId: 'Le sous-type',
      Email: "Le nom d'usager",
      Pwd: 'Le mot-de-passe',
      // The site's settings and menu (issue 14).
      BusinessName: "Le nom de l'entreprise",
      OwnerName: 'Le nom du propriétaire',
      Phone: 'Le téléphone',
      InfoEmail: 'Le courriel de renseignements',
      QuotesEmail: 'Le courriel des soumissions',
      Social: 'La liste des réseaux sociaux',
      Network: 'Le nom du réseau',
      Url: "L'adresse du lien",
      Street: "L'adresse",
      City: 'La ville',
      Province: 'La province',
      PostalCode: 'Le code postal',
      AreaServed: 'Le secteur desservi',
      Since: "L'année de début d'activité",
      WelcomeTagline: "Le slogan de l'accueil",
      WelcomeIntro: "L'introduction de l'accueil",
      Specialties: 'La liste des cartes « Ce que nous faisons »',
      Title: 'Le titre',
      Text: 'Le texte',
      Target: 'La page visée',
      AboutIntro: 'Le texte « À propos »',
      AboutServices: 'La liste des services « À propos »',
      FooterServices: 'La liste des services du pied de page',
      WelcomePhoto: "La photo de l'accueil",
      AboutPhoto: 'La photo « À propos »',
      ContactPhoto: 'La photo de la page de contact',
      Dropdowns: 'La liste des menus déroulants',
      Entries: 'La liste des entrées',
      Links: 'La liste des liens de droite',
      Label: 'Le libellé',
      Href: 'La page visée',
      // Issue 31: the licence, the opening hours, the testimonials.
      RbqLicence: 'La licence RBQ',
      Hours: "Les heures d'ouverture",
      HoursNote: 'La note des heures',
      Open: "L'heure d'ouverture",
      Close: "L'heure de fermeture",
      ClientName: 'Le nom du client',
      Place: 'La ville ou le secteur',
      Month: 'Le mois des travaux',
      ProjectId: 'Le projet',
      Published: 'Publié',
      Consent: 'Le consentement du client',
    } as Record<string, string>,
    typeNames: {
      integer: 'un nombre entier',
      number: 'un nombre',
      string: 'du texte',
      boolean: 'vrai ou faux',
      object: 'un objet JSON',
      array: 'une liste',
    } as Record<string, string>,
    required: (label: string) => `${label} est requis.`,
    notAllowed: (field: string) => `Le champ « ${field} » n'est pas permis ici.`,
    type: (label: string, type: string) => `${label} doit être ${type}.`,
    minLength: (label: string, n: number) => `${label} doit contenir au moins ${n} caractère${n > 1 ? 's' : ''}.`,
    maxLength: (label: string, n: number) => `${label} doit contenir au plus ${n} caractère${n > 1 ? 's' : ''}.`,
    minItems: (label: string, n: number) => `${label} doit contenir au moins ${n} élément${n > 1 ? 's' : ''}.`,
    maxItems: (label: string, n: number) => `${label} doit contenir au plus ${n} élément${n > 1 ? 's' : ''}.`,
    httpsUrl: (label: string) => `${label} doit être une adresse complète commençant par https://.`,
    phone: (label: string) => `${label} doit être un numéro à 10 chiffres (par exemple 819 555-0142).`,
    postalCode: (label: string) => `${label} doit être vide ou un code postal canadien (par exemple J8X 1A1).`,
    sitePage: (label: string) => `${label} doit être une page du site (une catégorie, un type de projet, À propos ou Contact).`,
    minimum: (label: string, n: string) => `${label} doit être au moins ${n}.`,
    maximum: (label: string, n: string) => `${label} doit être au plus ${n}.`,
    email: (label: string) => `${label} doit être une adresse courriel valide.`,
    format: (label: string) => `${label} n'a pas le bon format.`,
    blank: (label: string) => `${label} ne peut pas être fait seulement d'espaces.`,
    md5: (label: string) => `${label} doit être un hachage MD5 (32 caractères hexadécimaux minuscules).`,
    fileName: (label: string) => `${label} doit être un simple nom de fichier (lettres, chiffres, point, tiret, souligné).`,
    forbiddenCharacter: (label: string) =>
      `${label} contient un caractère interdit (caractère de contrôle, invisible ou de sens d'écriture) : retirez-le et réessayez.`,
    other: (label: string) => `${label} est invalide.`,
    rbqLicence: (label: string) => `${label} doit compter 10 chiffres, avec ou sans tirets (par exemple 1234-5678-90), ou rester vide.`,
    month: (label: string) => `${label} doit être un mois au format AAAA-MM (par exemple 2025-07).`,
    time: (label: string) => `${label} doit être une heure sur 24 heures, HH:MM (par exemple 07:30).`,
    plainText: (label: string) =>
      `${label} doit être du texte simple : ni balise HTML (< ou >), ni caractère de contrôle, invisible ou de sens d'écriture. Retirez-les et réessayez.`,
    /** « L'heure d'ouverture du lundi »: a field of the opening hours, with its day. */
    ofDay: (label: string, day: string) => `${label} du ${day}`,
  },
  /** The trash, the versions and the journal (issue 28). */
  trash: {
    restored: 'Élément restauré.',
    erased: 'Élément supprimé définitivement.',
    gone: (id: number) =>
      `L'entrée n° ${id} n'est plus dans la corbeille : elle a déjà été restaurée ou supprimée définitivement (rechargez la liste).`,
    alreadyBack: "Cet élément est déjà de retour (quelqu'un l'a restauré entre-temps) : rechargez la liste.",
    categoryNameTaken: (name: string) =>
      `Une autre catégorie s'appelle maintenant « ${name} » : renommez-la, puis restaurez celle-ci.`,
    userEmailTaken: (email: string) =>
      `Un autre administrateur utilise maintenant l'adresse ${email} : changez-la, puis restaurez celui-ci.`,
    categoryGone: (id: number) =>
      `Sa catégorie (n° ${id}) est dans la corbeille ou n'existe plus : restaurez d'abord la catégorie.`,
    typeGone: (id: number) =>
      `Son type de projet (n° ${id}) est dans la corbeille ou n'existe plus : restaurez d'abord le type de projet.`,
    projectGone: (id: number) => `Son projet (n° ${id}) est dans la corbeille ou n'existe plus : restaurez d'abord le projet.`,
    imageGone: (name: string) =>
      `La photo « ${name} » qu'il montre est dans la corbeille ou n'existe plus : restaurez d'abord la photo depuis la corbeille.`,
    linked: 'Ce lien de sous-type existe déjà : il n’y a rien à restaurer.',
  },
  history: {
    noVersion: (version: number) => `La version n° ${version} de cet élément n'existe pas : rechargez l'historique.`,
    /** A project's version restored, but its gallery not quite as it was: items deleted since (their names), items added since. */
    galleryNotAsItWas: (gone: string[], added: number) =>
      [
        'Version restaurée.',
        gone.length === 1
          ? `Une photo de la galerie, effacée depuis, n’est pas revenue (« ${gone[0]} ») : restaurez-la depuis la corbeille si vous la voulez.`
          : gone.length > 1
            ? `${gone.length} photos de la galerie, effacées depuis, ne sont pas revenues (${gone.map((name) => `« ${name} »`).join(', ')}) : restaurez-les depuis la corbeille si vous les voulez.`
            : '',
        added === 1 ? 'La photo ajoutée depuis reste dans la galerie, à la fin.' : added > 1 ? `Les ${added} photos ajoutées depuis restent dans la galerie, à la fin.` : '',
      ]
        .filter((sentence) => sentence !== '')
        .join(' '),
  },
  /** Visit statistics (issue 30). */
  stats: {
    invalidDay: (value: string) => `La date « ${value} » n'existe pas : utilisez AAAA-MM-JJ.`,
    tooMany: 'Trop de pages vues depuis cette adresse : réessayez dans une minute.',
  },
  journal: {
    signInRefused: 'Connexion refusée : courriel ou mot de passe incorrect.',
  },
  /** The names of the events the server logs (for whoever reads the log). */
  log: {
    request: 'requête',
    notificationsLost: 'notifications des autres processus perdues : reconnexion',
    notificationsUnavailable: 'notifications des autres processus indisponibles : nouvel essai',
    stopping: 'arrêt',
    internalError: 'erreur interne',
    renderFailed: 'rendu de la page impossible',
    refreshReused: 'refresh token reused: its session was revoked',
    quoteMailFailed: 'courriel de demande non envoyé',
    outbox: 'boîte d’envoi',
    quoteRetention: 'conservation des demandes',
    safetyRetention: 'conservation de la corbeille et du journal',
    quotesAtStart: 'demandes au démarrage',
    demoVariantsReady: 'Variantes AVIF et WebP des images de démonstration prêtes.',
    demoVariantsFailed: 'variantes des images de démonstration',
    slowBody: 'corps de requête trop lent : connexion fermée',
    statsFlush: 'statistiques : écriture des pages vues',
    statsRetention: 'statistiques : conservation',
    statsJourney: 'statistiques : parcours d’une demande',
  },
} as const;
