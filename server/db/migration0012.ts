// The English texts of the demo content (issue 27), as migration 0012 stores them, frozen as it
// was released (a migration never imports code that can change later). Each pair is [French,
// English]: a record gets the English of the demo only where its French text is still the demo's
// and its English is still empty, so an owner's edit is never overwritten. The same function
// translates an existing database (migration 0012) and a fresh install (server/db/seed.ts, after
// it stored the French demo of server/demo/content.ts): the demo's English lives here alone.
import type { Kysely } from 'kysely';
import { site0007 } from './migration0007.ts';

type Pair = readonly [fr: string, en: string];

/** The tables and columns this migration knows (as they were at 0012). */
interface Tables0012 {
  category: { id: number; name: string; name_en: string };
  project_type: { id: number; name: string; description: string; name_en: string; description_en: string };
  project: { id: number; name: string; description: string; name_en: string; description_en: string };
  project_media: { id: number; caption: string; alt: string; caption_en: string; alt_en: string };
  site_document: { name: string; body: string; updated_at: number };
}

const categories: Pair[] = [
  ['Projets extérieurs', 'Outdoor projects'],
  ['Potagers', 'Garden beds'],
  ["Optimisation de l'espace", 'Space optimization'],
  ['Décoration', 'Decoration'],
  ['Rénovation et peinture', 'Renovation and painting'],
  ['Terrasses', 'Decks'],
  ['Tablettes', 'Shelves'],
  ['Besoin spécifique', 'Special requests'],
];

/** Project types and projects: [name, description]. */
const types: Array<{ name: Pair; description: Pair }> = [
  { name: ['Bancs de jardin', 'Garden benches'],
    description: ['Bancs en cèdre et en pin traité, faits à la main pour le jardin, la terrasse ou l’entrée : assises solides, finis huilés qui résistent aux hivers de l’Outaouais.',
      'Handmade cedar and pressure-treated pine benches for the garden, the deck or the front entrance: sturdy seats and oiled finishes that stand up to Outaouais winters.'] },
  { name: ['Potagers surélevés', 'Raised garden beds'],
    description: ['Bacs de culture surélevés en cèdre, à hauteur de taille pour jardiner sans se pencher, avec fond drainant et coins renforcés.',
      'Raised cedar planting boxes at waist height, so you can garden without bending over, with a draining bottom and reinforced corners.'] },
  { name: ['Jardinières et bacs à fleurs', 'Planters and flower boxes'],
    description: ['Jardinières de balcon, bacs à fleurs et boîtes à fines herbes, assorties à la maison et faites pour durer plusieurs saisons.',
      'Balcony planters, flower boxes and herb boxes that match the house and are built to last for many seasons.'] },
  { name: ['Terrasses en bois', 'Wood decks'],
    description: ['Terrasses et patios en cèdre ou en bois traité : structure sur pieux, planches vissées à la main, escaliers et contremarches sur mesure.',
      'Cedar or pressure-treated decks and patios: a frame on piles, boards screwed down by hand, custom-built stairs and risers.'] },
  { name: ['Pergolas et garde-corps', 'Pergolas and railings'],
    description: ['Pergolas, garde-corps et écrans d’intimité qui complètent la terrasse : de l’ombre l’été, de l’intimité toute l’année.',
      'Pergolas, railings and privacy screens to complete the deck: shade in the summer, privacy all year round.'] },
  { name: ['Tablettes flottantes', 'Floating shelves'],
    description: ['Tablettes sans support apparent, en chêne, noyer ou érable, fixées sur tige d’acier dissimulée : pour la cuisine, le salon ou la salle de bain.',
      'Shelves with no visible brackets, in oak, walnut or maple, mounted on hidden steel rods: for the kitchen, the living room or the bathroom.'] },
  { name: ['Tablettes de coin', 'Corner shelves'],
    description: ['Tablettes d’angle qui donnent une fonction aux coins oubliés : plantes, livres, souvenirs de voyage.',
      'Corner shelves that put forgotten corners to work: plants, books, travel souvenirs.'] },
  { name: ['Meubles sur mesure', 'Custom furniture'],
    description: ['Un meuble qui n’existe pas en magasin : dimensions exactes, essence de bois au choix, quincaillerie durable. On le dessine ensemble.',
      'A piece of furniture you won’t find in any store: exact dimensions, the wood of your choice, hardware that lasts. We design it together.'] },
  { name: ['Rangements sous l’escalier', 'Under-stair storage'],
    description: ['Tiroirs coulissants, placards et bibliothèques qui transforment l’espace perdu sous l’escalier en rangement.',
      'Pull-out drawers, cupboards and bookcases that turn the wasted space under the stairs into storage.'] },
  { name: ['Peinture intérieure', 'Interior painting'],
    description: ['Préparation soignée, réparation du plâtre, apprêt et deux couches : murs, plafonds, boiseries et portes, avec protection complète des lieux.',
      'Careful preparation, plaster repairs, primer and two coats: walls, ceilings, trim and doors, with your home fully protected.'] },
  { name: ['Petites rénovations', 'Small renovations'],
    description: ['Électricité mineure, plomberie légère, moulures, portes qui frottent : les petits travaux qui traînent, faits proprement.',
      'Minor electrical work, light plumbing, trim, doors that stick: the small jobs that keep getting put off, done right.'] },
  { name: ['Casiers familiaux', 'Family lockers'],
    description: ['Casiers d’entrée pour toute la famille : un espace par personne pour manteaux, bottes, sacs d’école et tuques, avec banc et crochets.',
      'Entryway lockers for the whole family: a space for each person’s coats, boots, school bags and tuques, with a bench and hooks.'] },
  { name: ['Porte-documents', 'Document holders'],
    description: ['Porte-documents muraux et trieurs de bureau pour le courrier, les factures et les dessins des enfants : chaque papier à sa place.',
      'Wall-mounted document holders and desk organizers for the mail, the bills and the kids’ drawings: a place for every piece of paper.'] },
  { name: ['Salle de lavage', 'Laundry room'],
    description: ['Comptoirs au-dessus des appareils, armoires, paniers et tringles : une salle de lavage pratique, même dans un petit espace.',
      'Counters over the machines, cabinets, baskets and hanging rods: a practical laundry room, even in a small space.'] },
  { name: ['Étagères de rangement', 'Storage shelving'],
    description: ['Étagères solides pour le garde-manger, le garage, le sous-sol ou la bibliothèque, ajustées au mur et à ce qu’elles porteront.',
      'Sturdy shelving for the pantry, the garage, the basement or the study, fitted to the wall and to what it will hold.'] },
  { name: ['Boîtes et coffres', 'Boxes and chests'],
    description: ['Coffres à jouets, boîtes à souvenirs, coffres de rangement au pied du lit : assemblages à queue d’aronde et finis à l’huile naturelle.',
      'Toy chests, keepsake boxes, storage chests for the foot of the bed: dovetail joinery and natural oil finishes.'] },
  { name: ['Plancher flottant', 'Floating floors'],
    description: ['Pose de plancher flottant et de bois d’ingénierie : sous-couche, coupes précises, plinthes et seuils, sans poussière laissée derrière.',
      'Floating floor and engineered wood installation: underlay, precise cuts, baseboards and thresholds, with no dust left behind.'] },
  { name: ['Porte-clés mural', 'Wall key holders'],
    description: ['Porte-clés muraux avec tablette pour le courrier et crochets pour les laisses : le vide-poche de l’entrée, en bois massif.',
      'Wall key holders with a shelf for the mail and hooks for the dog’s leash: the entryway catch-all, in solid wood.'] },
];

const projects: Array<{ name: Pair; description: Pair }> = [
  { name: ['Banc de parc en cèdre rouge', 'Western red cedar park bench'],
    description: ['Banc trois places en cèdre rouge de l’Ouest, dossier incliné et accoudoirs larges, fini huilé. Installé devant une haie de cèdres à Aylmer.',
      'Three-seat bench in western red cedar, with a reclined back and wide armrests, oiled finish. Set in front of a cedar hedge in Aylmer.'] },
  { name: ['Banc-coffre pour la terrasse', 'Storage bench for the deck'],
    description: ['Banc avec coffre intégré pour ranger les coussins l’hiver, couvercle sur charnières à fermeture lente, en pin traité teint brun.',
      'Bench with a built-in chest to store the cushions over the winter, a soft-close hinged lid, in pressure-treated pine stained brown.'] },
  { name: ['Banc circulaire autour d’un érable', 'Circular bench around a maple'],
    description: ['Banc hexagonal construit autour d’un vieil érable, avec espace laissé au tronc pour grandir. Une place à l’ombre pour toute la famille.',
      'Hexagonal bench built around an old maple, with room left for the trunk to grow. A shady spot for the whole family.'] },
  { name: ['Potager surélevé à hauteur de taille', 'Waist-high raised garden bed'],
    description: ['Bac de culture sur pattes de 80 cm de haut, en cèdre, avec fond en toile drainante : jardiner sans se pencher, à l’abri des lapins.',
      'Cedar planting box on 80 cm legs, with a draining fabric bottom: gardening without bending over, out of the rabbits’ reach.'] },
  { name: ['Trio de potagers en cèdre', 'Three cedar garden beds'],
    description: ['Trois bacs de 4 × 8 pieds avec allées en paillis, pour un potager familial complet : tomates, laitues, fines herbes et petits fruits.',
      'Three 4 × 8 ft beds with mulched paths, for a complete family vegetable garden: tomatoes, lettuce, herbs and berries.'] },
  { name: ['Jardinières de balcon assorties', 'Matching balcony planters'],
    description: ['Paire de jardinières suspendues à la rampe du balcon, en cèdre blanc, avec réservoir d’eau pour tenir pendant les vacances.',
      'A pair of white cedar planters hung from the balcony railing, with a water reservoir to see them through the holidays.'] },
  { name: ['Bac à fines herbes de cuisine', 'Kitchen herb box'],
    description: ['Bac étroit à trois compartiments pour basilic, persil et ciboulette, posé près de la porte de la cuisine.',
      'A narrow box with three compartments for basil, parsley and chives, set by the kitchen door.'] },
  { name: ['Terrasse en cèdre sur deux niveaux', 'Two-level cedar deck'],
    description: ['Terrasse de 400 pieds carrés sur deux paliers reliés par un large escalier, planches de cèdre vissées par le dessous.',
      'A 400 sq. ft. deck on two levels joined by a wide staircase, with cedar boards screwed from underneath.'] },
  { name: ['Patio de cour arrière à Hull', 'Backyard patio in Hull'],
    description: ['Petit patio en bois traité teint gris ardoise, posé sur pieux vissés, avec marche d’accès au jardin.',
      'A small pressure-treated wood patio stained slate grey, set on helical piles, with a step down to the garden.'] },
  { name: ['Pergola attenante à la maison', 'Pergola attached to the house'],
    description: ['Pergola de 12 × 14 pieds fixée à la maison, chevrons ajourés pour une ombre douce, prête pour une vigne grimpante.',
      'A 12 × 14 ft pergola fastened to the house, with open rafters for soft shade, ready for a climbing vine.'] },
  { name: ['Garde-corps et écran d’intimité', 'Railing and privacy screen'],
    description: ['Garde-corps en cèdre à barreaux verticaux et écran d’intimité à lattes horizontales du côté du voisin.',
      'A cedar railing with vertical balusters and a horizontal-slat privacy screen on the neighbour’s side.'] },
  { name: ['Tablettes flottantes en noyer', 'Walnut floating shelves'],
    description: ['Trois tablettes en noyer noir massif de 5 cm d’épaisseur, fixation invisible, pour la vaisselle de tous les jours.',
      'Three solid black walnut shelves, 5 cm thick, with invisible mounting, for everyday dishes.'] },
  { name: ['Tablette de salle de bain en érable', 'Maple bathroom shelf'],
    description: ['Tablette en érable verni au-dessus de la vanité, finition résistante à l’humidité, pour serviettes et plantes.',
      'A varnished maple shelf above the vanity, with a moisture-resistant finish, for towels and plants.'] },
  { name: ['Tablettes d’angle pour plantes', 'Corner shelves for plants'],
    description: ['Cinq tablettes quart-de-rond en chêne blanc dans le coin ensoleillé du salon, pour une collection de plantes d’intérieur.',
      'Five quarter-round white oak shelves in the sunny corner of the living room, for a collection of houseplants.'] },
  { name: ['Buffet de salle à manger en chêne', 'Oak dining room sideboard'],
    description: ['Buffet de 180 cm en chêne blanc, portes coulissantes et tiroirs à ustensiles, dessiné pour la niche de la salle à manger.',
      'A 180 cm white oak sideboard with sliding doors and cutlery drawers, designed for the dining room alcove.'] },
  { name: ['Meuble télé suspendu', 'Wall-mounted TV unit'],
    description: ['Meuble télé fixé au mur, passe-fils caché et façades en frêne teint miel : le plancher reste dégagé.',
      'A TV unit fastened to the wall, with hidden cable management and honey-stained ash fronts: the floor stays clear.'] },
  { name: ['Tiroirs coulissants sous l’escalier', 'Pull-out drawers under the stairs'],
    description: ['Quatre grands tiroirs sur glissières robustes qui suivent la pente de l’escalier du sous-sol : bottes, sports et décorations.',
      'Four large drawers on heavy-duty slides that follow the slope of the basement stairs: boots, sports gear and holiday decorations.'] },
  { name: ['Salon repeint en tons chauds', 'Living room repainted in warm tones'],
    description: ['Réparation des fissures, apprêt et deux couches d’un beige sable, plafond blanc mat et moulures en blanc semi-lustré.',
      'Cracks repaired, a coat of primer and two coats of sand beige, a flat white ceiling and semi-gloss white trim.'] },
  { name: ['Chambre d’enfant vert sauge', 'Sage green child’s bedroom'],
    description: ['Murs vert sauge à faible COV, demi-mur protégé par une cimaise en bois peinte en blanc, portes rafraîchies.',
      'Low-VOC sage green walls, the lower half protected by a wooden chair rail painted white, and freshened-up doors.'] },
  { name: ['Nouvel éclairage de cuisine', 'New kitchen lighting'],
    description: ['Remplacement d’un plafonnier par trois luminaires suspendus au-dessus de l’îlot, avec gradateur. Travaux électriques mineurs.',
      'A ceiling fixture replaced by three pendant lights over the island, with a dimmer. Minor electrical work.'] },
  { name: ['Robinetterie et vanité remplacées', 'New faucet and vanity'],
    description: ['Remplacement de la vanité, du robinet et des drains de la salle d’eau, avec joint de silicone refait autour du comptoir.',
      'The powder room’s vanity, faucet and drains replaced, with a fresh bead of silicone around the counter.'] },
  { name: ['Casiers d’entrée pour cinq', 'Entryway lockers for five'],
    description: ['Cinq casiers ouverts avec banc, crochets doubles et paniers en haut : chaque membre de la famille a enfin sa place.',
      'Five open lockers with a bench, double hooks and baskets on top: everyone in the family finally has their own spot.'] },
  { name: ['Vestiaire de garage avec banc', 'Garage mudroom with bench'],
    description: ['Casiers en contreplaqué de bouleau dans le garage, pour l’équipement de hockey et les bottes d’hiver, banc à lattes.',
      'Birch plywood lockers in the garage for hockey gear and winter boots, with a slatted bench.'] },
  { name: ['Casiers étroits pour un condo', 'Narrow lockers for a condo'],
    description: ['Trois casiers de 30 cm de profondeur seulement, pensés pour un couloir de condo, avec tiroir à mitaines sous le banc.',
      'Three lockers only 30 cm deep, designed for a condo hallway, with a mitten drawer under the bench.'] },
  { name: ['Porte-documents mural à trois pochettes', 'Three-pocket wall document holder'],
    description: ['Trois pochettes inclinées en chêne pour le courrier, les factures et les papiers d’école, avec tablette à clés.',
      'Three slanted oak pockets for the mail, the bills and school papers, with a shelf for keys.'] },
  { name: ['Trieur de bureau en érable', 'Maple desk organizer'],
    description: ['Trieur de bureau à cinq fentes en érable, bords arrondis à la main, pour garder le poste de travail dégagé.',
      'A five-slot maple desk organizer with edges rounded by hand, to keep the workspace clear.'] },
  { name: ['Comptoir de pliage au-dessus des appareils', 'Folding counter over the washer and dryer'],
    description: ['Comptoir en bois massif posé au-dessus de la laveuse et de la sécheuse frontales, avec armoires au-dessus.',
      'A solid wood counter set over the front-loading washer and dryer, with cabinets above.'] },
  { name: ['Salle de lavage au sous-sol', 'Basement laundry room'],
    description: ['Armoires, tringle pour le séchage et tablettes ouvertes pour les paniers : un sous-sol transformé en vraie salle de lavage.',
      'Cabinets, a drying rod and open shelves for the baskets: a basement corner turned into a real laundry room.'] },
  { name: ['Étagères de garde-manger', 'Pantry shelving'],
    description: ['Étagères pleine hauteur en pin pour le garde-manger, profondeur variable pour bocaux, conserves et petits électros.',
      'Floor-to-ceiling pine shelving for the pantry, in varying depths for jars, canned goods and small appliances.'] },
  { name: ['Bibliothèque murale du bureau', 'Home office wall bookcase'],
    description: ['Bibliothèque de plancher au plafond autour d’une fenêtre, montants en merisier, tablettes réglables.',
      'A floor-to-ceiling bookcase around a window, with yellow birch uprights and adjustable shelves.'] },
  { name: ['Étagères robustes pour le garage', 'Heavy-duty garage shelving'],
    description: ['Étagères en bois d’œuvre et contreplaqué, conçues pour 150 kg par tablette : bacs de rangement et outils.',
      'Lumber and plywood shelving built to hold 150 kg per shelf: storage bins and tools.'] },
  { name: ['Coffre à jouets en pin', 'Pine toy chest'],
    description: ['Coffre à jouets avec couvercle à fermeture lente qui protège les petits doigts, poignées découpées et coins arrondis.',
      'A toy chest with a soft-close lid that protects little fingers, cut-out handles and rounded corners.'] },
  { name: ['Boîte à souvenirs en noyer', 'Walnut keepsake box'],
    description: ['Petite boîte en noyer à assemblages à queue d’aronde, doublée de feutre, pour les lettres et les photos de famille.',
      'A small walnut box with dovetail joints, lined with felt, for family letters and photos.'] },
  { name: ['Coffre de pied de lit en chêne', 'Oak blanket chest'],
    description: ['Coffre de rangement au pied du lit en chêne blanc, pour les couvertures d’hiver, avec dessus rembourré en option.',
      'A white oak storage chest for the foot of the bed, for winter blankets, with an optional padded top.'] },
  { name: ['Plancher flottant de chêne clair', 'Light oak floating floor'],
    description: ['Pose de 600 pieds carrés de plancher flottant en chêne clair dans le salon et le couloir, plinthes neuves assorties.',
      '600 sq. ft. of light oak floating floor laid in the living room and the hallway, with new matching baseboards.'] },
  { name: ['Plancher du sous-sol rénové', 'Renovated basement floor'],
    description: ['Plancher de vinyle de luxe imitation bois sur sous-couche isolante, pour un sous-sol chaud et résistant à l’humidité.',
      'Wood-look luxury vinyl plank over an insulating underlay, for a warm basement that stands up to moisture.'] },
  { name: ['Porte-clés mural avec tablette', 'Wall key holder with shelf'],
    description: ['Porte-clés en chêne avec six crochets en laiton et tablette pour le courrier et les lunettes de soleil.',
      'An oak key holder with six brass hooks and a shelf for the mail and sunglasses.'] },
  { name: ['Porte-clés en forme de maison', 'House-shaped key holder'],
    description: ['Porte-clés en forme de maison découpé dans un bloc d’érable, crochets en bois tourné, pour l’entrée d’un chalet.',
      'A house-shaped key holder cut from a block of maple, with turned wooden pegs, for a cottage entrance.'] },
  { name: ['Vide-poche mural de l’entrée', 'Entryway wall organizer'],
    description: ['Vide-poche mural avec crochets à clés, pochette à courrier et petit miroir, en frêne huilé.',
      'A wall organizer with key hooks, a mail pocket and a small mirror, in oiled ash.'] },
  { name: ['Tiroirs sous l’escalier en action', 'Under-stair drawers in action'],
    description: ['Courte vidéo des quatre tiroirs sous l’escalier : ils suivent la pente des marches et glissent sans effort, même chargés.',
      'A short video of the four drawers under the stairs: they follow the slope of the steps and glide easily, even when full.'] },
];

/** The photos of the projects' galleries: [caption, alt]. */
const gallery: Array<{ caption: Pair; alt: Pair }> = [
  { caption: ['La structure sur pieux vissés, avant la pose des planches', 'The frame on helical piles, before the boards went down'],
    alt: ['Solives de bois alignées entre deux poutres, posées sur des pieux d’acier, la terre à nu dessous et une pile de planches à côté',
      'Wooden joists lined up between two beams, resting on steel piles, bare soil underneath and a stack of boards beside them'] },
  { caption: ['Le large escalier qui relie les deux paliers, aussi large que la terrasse', 'The wide staircase joining the two levels, as wide as the deck itself'],
    alt: ['Escalier de quatre marches en cèdre qui descend du palier supérieur vers la pelouse, garde-corps en haut',
      'Four cedar steps going down from the upper level to the lawn, with a railing at the top'] },
  { caption: ['Des planches vissées par le dessous : aucune tête de vis sur la surface', 'Boards screwed from underneath: not a single screw head on the surface'],
    alt: ['Vue de haut de planches de cèdre parallèles, espacées régulièrement, sans vis apparente, une feuille d’érable rouge posée dessus',
      'Top view of evenly spaced parallel cedar boards with no visible screws, a red maple leaf lying on them'] },
  { caption: ['La fixation invisible : une barre d’acier vissée dans les montants du mur, avec ses tiges', 'The invisible mounting: a steel bar screwed into the wall studs, with its rods'],
    alt: ['Barre d’acier vissée au mur, quatre tiges qui dépassent et un niveau posé dessus, et la tablette percée qui attend sur le plancher',
      'A steel bar screwed to the wall, four rods sticking out and a level resting on it, the drilled shelf waiting on the floor'] },
  { caption: ['Le chant de 5 cm du noyer massif, après la deuxième couche d’huile', 'The 5 cm edge of the solid walnut, after the second coat of oil'],
    alt: ['Gros plan de la tranche avant d’une tablette épaisse, le fil du bois luisant sous l’huile, un bol, un chiffon et la bouteille d’huile sur le dessus',
      'Close-up of the front edge of a thick shelf, the grain glowing under the oil, with a bowl, a rag and the bottle of oil on top'] },
  { caption: ['Les livres de recettes, un plat de service et les plantes, tout à portée de main', 'Cookbooks, a serving platter and plants, all within easy reach'],
    alt: ['Vue rapprochée des tablettes : une rangée de livres de recettes, un grand plat ovale et des plantes en pot',
      'Close view of the shelves: a row of cookbooks, a large oval platter and potted plants'] },
  { caption: ['Avant : les fissures rebouchées au plâtre sur le vieux gris, le plancher sous une bâche', 'Before: the cracks filled with plaster on the old grey, the floor under a tarp'],
    alt: ['Mur gris d’un salon vidé, des taches de plâtre sur les fissures, du ruban bleu autour de la fenêtre, une bâche et deux gallons au sol',
      'Grey wall of an emptied living room, patches of plaster over the cracks, blue tape around the window, a tarp and two cans of paint on the floor'] },
  { caption: ['Après : deux couches de beige sable, moulures en blanc semi-lustré', 'After: two coats of sand beige, with semi-gloss white trim'],
    alt: ['Le même mur peint en beige sable chaud, fenêtre et moulure blanches, le canapé, un cadre et une lampe sur pied remis en place',
      'The same wall painted a warm sand beige, white window and trim, with the sofa, a picture frame and a floor lamp back in place'] },
  { caption: ['Une ligne franche entre le beige sable des murs et la moulure blanche, découpée au pinceau', 'A crisp line between the sand beige walls and the white moulding, cut in with a brush'],
    alt: ['Gros plan du haut d’un mur beige sous une moulure de plafond blanche, un pinceau à rechampir trempé dans le beige tout près',
      'Close-up of the top of a beige wall under a white crown moulding, an angled sash brush dipped in beige close by'] },
  { caption: ['Avant : un seul crochet pour les manteaux de toute la famille, les bottes à la traîne', 'Before: a single hook for the whole family’s coats, boots lying everywhere'],
    alt: ['Mur d’entrée nu, une pile de manteaux et une tuque sur un seul crochet, des bottes renversées et un sac d’école sur le plancher',
      'A bare entryway wall, a pile of coats and a tuque on a single hook, boots knocked over and a school bag on the floor'] },
  { caption: ['Après : cinq casiers sur le même mur, un pour chaque membre de la famille', 'After: five lockers on the same wall, one for each member of the family'],
    alt: ['Le même mur d’entrée avec cinq casiers en bois : un manteau et un panier dans chacun, les bottes rangées sous le banc',
      'The same entryway wall with five wooden lockers: a coat and a basket in each, the boots tucked under the bench'] },
  { caption: ['Détail des crochets doubles en laiton, un pour le manteau, un pour la tuque', 'The brass double hooks up close: one for the coat, one for the tuque'],
    alt: ['Gros plan de trois crochets doubles en laiton vissés sur une traverse de bois, une tuque rouge accrochée à celui du milieu',
      'Close-up of three brass double hooks screwed onto a wooden rail, a red tuque hanging from the middle one'] },
  { caption: ['Les montants poncés sur les tréteaux de l’atelier, avant la teinture', 'The uprights sanded on the workshop sawhorses, before staining'],
    alt: ['Planches posées sur deux tréteaux dans l’atelier, un serre-joint au bout, des outils accrochés au mur du fond',
      'Boards resting on two sawhorses in the workshop, a clamp at one end, tools hanging on the back wall'] },
  { caption: ['Les queues d’aronde du coin avant, taillées à la scie à dos et au ciseau', 'The dovetails of the front corner, cut with a backsaw and a chisel'],
    alt: ['Gros plan du coin d’une boîte en bois : les queues d’aronde en bois de bout s’emboîtent dans le côté',
      'Close-up of the corner of a wooden box: the end-grain dovetails fit snugly into the side'] },
  { caption: ['L’intérieur doublé de feutre vert forêt, avec les premières lettres de la famille', 'The inside lined with forest green felt, holding the family’s first letters'],
    alt: ['Boîte ouverte vue du dessus, fond de feutre vert, une pile de lettres nouée d’un ruban et deux photos de famille',
      'An open box seen from above, a green felt bottom, a bundle of letters tied with a ribbon and two family photos'] },
  { caption: ['Le collage : les quatre côtés tenus d’équerre par les serre-joints', 'The glue-up: the four sides held square by the clamps'],
    alt: ['Petite boîte sans couvercle sur l’établi, serrée par deux serre-joints, une équerre et un crayon de menuisier à côté',
      'A small box without its lid on the workbench, held by two clamps, with a square and a carpenter’s pencil beside it'] },
  { caption: ['Les crochets en laiton, vissés dans le chêne à espacement égal', 'The brass hooks, screwed into the oak at even spacing'],
    alt: ['Gros plan de crochets en laiton sous une planche de chêne, un trousseau de clés suspendu à l’un d’eux',
      'Close-up of brass hooks under an oak board, a bunch of keys hanging from one of them'] },
  { caption: ['La tablette du dessus, pour le courrier et les lunettes de soleil', 'The shelf on top, for the mail and sunglasses'],
    alt: ['Vue rapprochée du porte-clés : une enveloppe sur la tablette, les crochets et les clés en dessous',
      'Close view of the key holder: an envelope on the shelf, the hooks and keys below'] },
  { caption: ['La planche de chêne poncée à l’atelier, avant le perçage des crochets', 'The oak board sanded in the workshop, before drilling for the hooks'],
    alt: ['Planche de chêne sur deux tréteaux, tenue par un serre-joint, la place des crochets marquée au crayon, la perceuse posée dessus',
      'An oak board on two sawhorses, held by a clamp, the hook positions marked in pencil, the drill resting on it'] },
];

/** The English of migration 0007's settings (same fields, same positions). */
const siteEnglish = {
  AreaServed: 'Gatineau and the Outaouais',
  WelcomeTagline: 'Renovation, carpentry and custom furniture in Gatineau and the Outaouais.',
  WelcomeIntro: 'Projects planned with you and built by hand, from the raised garden bed to the laundry room that is finally organized.',
  Specialties: [
    { Title: 'Outdoor projects', Text: 'Cedar benches, raised garden beds and decks, built for our winters.' },
    { Title: 'Space optimization', Text: 'Entryway lockers, laundry rooms, shelving: every centimetre put to good use.' },
    { Title: 'Decoration', Text: 'Shelves, chests, key holders and custom furniture, in the wood of your choice.' },
  ],
  AboutIntro:
    'My name is Marc Tremblay. For more than fifteen years, I have been renovating homes and building furniture in Gatineau and the Outaouais. Atelier Bois et Maison is a small business: I am the one who meets you, takes the measurements and does the work.\n' +
    'I like a job done right and wood that lasts: cedar outdoors; oak, maple and walnut indoors; solid joinery and finishes that stand up to everyday use. Every project starts with a visit and a clear quote, with no surprises on the bill.\n' +
    'A deck to rebuild, storage to invent, a room to freshen up or a small repair that has been waiting for months: let’s talk.',
  AboutServices: [
    { Title: 'Electrical',
      Text: 'Replacing light fixtures, switches and outlets, installing ceiling fans and under-cabinet lighting. For anything that calls for a master electrician, I work with a partner who is a member of the CMEQ.' },
    { Title: 'Plumbing',
      Text: 'Replacing faucets, sinks and toilets, hooking up washers and dishwashers, fixing small leaks under the sink before they turn into water damage.' },
    { Title: 'Painting',
      Text: 'Careful interior painting of walls, ceilings and trim, and staining of decks, fences and furniture: surface preparation, floor protection and clean-up included.' },
  ],
  FooterServices: ['Renovation', 'Consulting', 'Painting and staining', 'Decks and garden beds', 'Furniture and decoration'],
};

/** The menu's drop-down titles and entry labels. */
const menuLabels: Pair[] = [
  ['Projets extérieurs', 'Outdoor projects'],
  ["Optimisation de l'espace", 'Space optimization'],
  ['Décoration', 'Decoration'],
  ['Bancs', 'Benches'],
  ['Potagers', 'Garden beds'],
  ['Terrasses', 'Decks'],
  ['Casiers familial', 'Family lockers'],
  ['Porte-documents', 'Document holders'],
  ['Salle de lavage', 'Laundry room'],
  ['Étagères', 'Shelving'],
  ['Tablettes', 'Shelves'],
  ['Boîtes et coffres', 'Boxes and chests'],
  ['Besoin spécifique', 'Special requests'],
  ['Plancher flottant', 'Floating floors'],
  ['Porte-clés mural', 'Key holders'],
  ['A Propos', 'About'],
  ['Contactez-moi', 'Contact me'],
];

// The stored documents, as far as this migration reads them.
type Texts = Record<string, unknown>;
interface Site0012 extends Texts {
  AreaServed: string;
  WelcomeTagline: string;
  WelcomeIntro: string;
  AboutIntro: string;
  Specialties: Array<{ Title: string; Text: string }>;
  AboutServices: Array<{ Title: string; Text: string }>;
  FooterServices: string[];
  En?: Texts & {
    AreaServed: string;
    WelcomeTagline: string;
    WelcomeIntro: string;
    AboutIntro: string;
    Specialties: Array<{ Title: string; Text: string }>;
    AboutServices: Array<{ Title: string; Text: string }>;
    FooterServices: string[];
  };
}
interface MenuLink0012 extends Texts {
  Label: string;
  En?: { Label: string };
}
interface Menu0012 {
  Dropdowns: Array<Texts & { Title: string; En?: { Title: string }; Entries: MenuLink0012[] }>;
  Links: MenuLink0012[];
}

/** The English of `fr` where it is still the demo's (`demo`) and not translated yet (`en`). */
const fill = (fr: string, demo: string, en: string | undefined, english: string): string => (en ? en : fr === demo ? english : '');

/** The settings with the demo's English where their French is still migration 0007's. */
function translateSite(site: Site0012): Site0012 {
  const en = site.En;
  type Card = { Title: string; Text: string };
  const pairs = (list: Card[], demo: Card[], english: Card[], kept: Card[] | undefined): Card[] =>
    list.map((item, i) => ({
      Title: fill(item.Title, demo[i]?.Title ?? '', kept?.[i]?.Title, english[i]?.Title ?? ''),
      Text: fill(item.Text, demo[i]?.Text ?? '', kept?.[i]?.Text, english[i]?.Text ?? ''),
    }));
  const sameList = JSON.stringify(site.FooterServices) === JSON.stringify(site0007.FooterServices);
  return {
    ...site,
    En: {
      ...en,
      AreaServed: fill(site.AreaServed, site0007.AreaServed, en?.AreaServed, siteEnglish.AreaServed),
      WelcomeTagline: fill(site.WelcomeTagline, site0007.WelcomeTagline, en?.WelcomeTagline, siteEnglish.WelcomeTagline),
      WelcomeIntro: fill(site.WelcomeIntro, site0007.WelcomeIntro, en?.WelcomeIntro, siteEnglish.WelcomeIntro),
      Specialties: pairs(site.Specialties, site0007.Specialties, siteEnglish.Specialties, en?.Specialties),
      AboutIntro: fill(site.AboutIntro, site0007.AboutIntro, en?.AboutIntro, siteEnglish.AboutIntro),
      AboutServices: pairs(site.AboutServices, site0007.AboutServices, siteEnglish.AboutServices, en?.AboutServices),
      FooterServices: en?.FooterServices.length ? en.FooterServices : sameList ? siteEnglish.FooterServices : [],
    },
  };
}

/** The menu with the demo's English on every title and label whose French is one of the demo's. */
function translateMenu(menu: Menu0012): Menu0012 {
  const english = new Map(menuLabels);
  const of = (fr: string, en: string | undefined) => (en ? en : (english.get(fr) ?? ''));
  const link = (l: MenuLink0012): MenuLink0012 => ({ ...l, En: { Label: of(l.Label, l.En?.Label) } });
  return {
    Dropdowns: menu.Dropdowns.map((d) => ({ ...d, En: { Title: of(d.Title, d.En?.Title) }, Entries: d.Entries.map(link) })),
    Links: menu.Links.map(link),
  };
}

/**
 * Gives the demo's records their English where their French is still the demo's and their English
 * is empty: categories, project types, projects (name and description together), gallery photos
 * (caption and alt together), and the site's settings and menu.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migration's database, or the seed's transaction
export async function translateDemo0012(anyDb: Kysely<any>): Promise<void> {
  const db = anyDb as Kysely<Tables0012>;
  for (const [fr, en] of categories) {
    await db.updateTable('category').set({ name_en: en }).where('name', '=', fr).where('name_en', '=', '').execute();
  }
  for (const table of ['project_type', 'project'] as const) {
    for (const { name, description } of table === 'project' ? projects : types) {
      await db
        .updateTable(table)
        .set({ name_en: name[1], description_en: description[1] })
        .where('name', '=', name[0])
        .where('description', '=', description[0])
        .where('name_en', '=', '')
        .where('description_en', '=', '')
        .execute();
    }
  }
  for (const { caption, alt } of gallery) {
    await db
      .updateTable('project_media')
      .set({ caption_en: caption[1], alt_en: alt[1] })
      .where('caption', '=', caption[0])
      .where('alt', '=', alt[0])
      .where('caption_en', '=', '')
      .where('alt_en', '=', '')
      .execute();
  }
  const documents = await db.selectFrom('site_document').select(['name', 'body']).execute();
  for (const { name, body } of documents) {
    const translated = name === 'site' ? translateSite(JSON.parse(body) as Site0012) : name === 'menu' ? translateMenu(JSON.parse(body) as Menu0012) : null;
    if (translated && JSON.stringify(translated) !== body) {
      await db.updateTable('site_document').set({ body: JSON.stringify(translated), updated_at: Date.now() }).where('name', '=', name).execute();
    }
  }
}

/** The demo menu's English labels, by French label (the tests read the demo's English here). */
export const menuEnglish0012: ReadonlyMap<string, string> = new Map(menuLabels);
/** The English of migration 0007's settings (the tests read the demo's English here). */
export const siteEnglish0012 = siteEnglish;
