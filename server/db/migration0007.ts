// The site settings and the menu of a fresh install (the demo business, for the owner to replace
// in the admin: « Paramètres du site », « Menu »), as migration 0007 stores them, frozen as it
// was released: a migration never imports code that can change later (a database migrated once
// must be migrated the same way again). Tests read the demo business from here too.

export const site0007 = {
  "BusinessName": "Atelier Bois et Maison",
  "OwnerName": "Marc Tremblay",
  "Phone": "819 555-0142",
  "InfoEmail": "info@exemple.ca",
  "QuotesEmail": "soumissions@exemple.ca",
  "Social": [
    {
      "Network": "Facebook",
      "Url": "https://www.facebook.com/"
    }
  ],
  "Street": "",
  "City": "Gatineau",
  "Province": "Québec",
  "PostalCode": "",
  "AreaServed": "Gatineau et l’Outaouais",
  "Since": 2022,
  "WelcomeTagline": "Rénovation, menuiserie et meubles sur mesure à Gatineau et dans l’Outaouais.",
  "WelcomeIntro": "Des projets pensés avec vous et construits à la main, du potager surélevé à la salle de lavage enfin organisée.",
  "Specialties": [
    {
      "Title": "Projets extérieurs",
      "Text": "Bancs, potagers surélevés et terrasses en cèdre, faits pour nos hivers.",
      "Target": "/typeslist/6"
    },
    {
      "Title": "Optimisation de l’espace",
      "Text": "Casiers d’entrée, salle de lavage, étagères : chaque centimètre trouve son usage.",
      "Target": "/projecttype/19"
    },
    {
      "Title": "Décoration",
      "Text": "Tablettes, coffres, porte-clés et meubles sur mesure, dans le bois de votre choix.",
      "Target": "/typeslist/11"
    }
  ],
  "AboutIntro": "Je m’appelle Marc Tremblay. Depuis plus de quinze ans, je rénove des maisons et je fabrique des meubles à Gatineau et dans l’Outaouais. Atelier Bois et Maison, c’est une petite entreprise : c’est moi qui vous rencontre, qui prends les mesures et qui fais le travail.\nJ’aime le travail bien fait et le bois qui dure : cèdre pour l’extérieur, chêne, érable et noyer pour l’intérieur, assemblages solides et finis qui résistent à l’usage. Chaque projet commence par une visite et une soumission claire, sans surprise sur la facture.\nTerrasse à refaire, rangement à inventer, pièce à rafraîchir ou petite réparation qui traîne depuis des mois : parlons-en.",
  "AboutServices": [
    {
      "Title": "Électricité",
      "Text": "Remplacement de luminaires, d’interrupteurs et de prises, installation de ventilateurs de plafond et d’éclairage sous les armoires. Pour tout ce qui demande un maître électricien, je travaille avec un partenaire membre de la CMEQ."
    },
    {
      "Title": "Plomberie",
      "Text": "Remplacement de robinets, d’éviers et de toilettes, raccordement de laveuse et de lave-vaisselle, réparation des petites fuites sous l’évier avant qu’elles ne deviennent des dégâts d’eau."
    },
    {
      "Title": "Peinture",
      "Text": "Peinture intérieure soignée, murs, plafonds et boiseries, et teinture de terrasses, de clôtures et de meubles : préparation des surfaces, protection des planchers et nettoyage compris."
    }
  ],
  "FooterServices": [
    "Rénovation",
    "Consultation",
    "Peinture et teinture",
    "Terrasses et potagers",
    "Meubles et décoration"
  ],
  "WelcomePhoto": "accueil.jpg",
  "AboutPhoto": "proprietaire.jpg",
  "ContactPhoto": "atelier.jpg"
};

export const menu0007 = {
  "Dropdowns": [
    {
      "Title": "Projets extérieurs",
      "Entries": [
        {
          "Label": "Bancs",
          "Href": "/projecttype/1"
        },
        {
          "Label": "Potagers",
          "Href": "/typeslist/2"
        },
        {
          "Label": "Terrasses",
          "Href": "/typeslist/6"
        }
      ]
    },
    {
      "Title": "Optimisation de l'espace",
      "Entries": [
        {
          "Label": "Casiers familial",
          "Href": "/projecttype/19"
        },
        {
          "Label": "Porte-documents",
          "Href": "/projecttype/20"
        },
        {
          "Label": "Salle de lavage",
          "Href": "/projecttype/21"
        },
        {
          "Label": "Étagères",
          "Href": "/projecttype/22"
        }
      ]
    },
    {
      "Title": "Décoration",
      "Entries": [
        {
          "Label": "Tablettes",
          "Href": "/typeslist/11"
        },
        {
          "Label": "Boîtes et coffres",
          "Href": "/projecttype/23"
        },
        {
          "Label": "Besoin spécifique",
          "Href": "/typeslist/15"
        },
        {
          "Label": "Plancher flottant",
          "Href": "/projecttype/24"
        },
        {
          "Label": "Porte-clés mural",
          "Href": "/projecttype/25"
        }
      ]
    }
  ],
  "Links": [
    {
      "Label": "A Propos",
      "Href": "/about"
    },
    {
      "Label": "Contactez-moi",
      "Href": "/contact"
    }
  ]
};
