// Turns Ajv errors (schema violations) into one French sentence a person can act on.
import type { FastifySchemaValidationError } from 'fastify';

const labels: Record<string, string> = {
  Id: "L'identifiant",
  id: "L'identifiant",
  typeId: "L'identifiant du type de projet",
  count: 'Le nombre demandé',
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
};

const typeNames: Record<string, string> = {
  integer: 'un nombre entier',
  number: 'un nombre',
  string: 'du texte',
  boolean: 'vrai ou faux',
  object: 'un objet JSON',
  array: 'une liste',
};

const plural = (n: unknown) => (Number(n) > 1 ? 's' : '');

export function frenchValidationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const error = errors[0];
  if (!error) return 'Requête invalide.';
  const params = (error.params ?? {}) as Record<string, unknown>;
  const path = error.instancePath.split('/').filter(Boolean);
  let field = path[path.length - 1];
  if (error.keyword === 'required') field = String(params.missingProperty ?? '');
  const label = field ? `${labels[field] ?? 'Le champ'} (${field})` : context === 'body' ? 'Le corps de la requête' : 'La requête';

  switch (error.keyword) {
    case 'required':
      return `${label} est requis.`;
    case 'additionalProperties':
      return `Le champ « ${String(params.additionalProperty)} » n'est pas permis ici.`;
    case 'type':
      return `${label} doit être ${typeNames[String(params.type)] ?? String(params.type)}.`;
    case 'minLength':
      return `${label} doit contenir au moins ${String(params.limit)} caractère${plural(params.limit)}.`;
    case 'maxLength':
      return `${label} doit contenir au plus ${String(params.limit)} caractère${plural(params.limit)}.`;
    case 'minimum':
      return `${label} doit être au moins ${String(params.limit)}.`;
    case 'maximum':
      return `${label} doit être au plus ${String(params.limit)}.`;
    case 'format':
      return params.format === 'email' ? `${label} doit être une adresse courriel valide.` : `${label} n'a pas le bon format.`;
    case 'not':
      // The contract's only `not`: a text made of spaces alone.
      return `${label} ne peut pas être fait seulement d'espaces.`;
    case 'pattern': {
      // The message follows the rule (the pattern of openapi.yaml), not the field's name.
      const pattern = String(params.pattern);
      if (pattern === '^[0-9a-f]{32}$') return `${label} doit être un hachage MD5 (32 caractères hexadécimaux minuscules).`;
      if (pattern.includes('[A-Za-z0-9]')) return `${label} doit être un simple nom de fichier (lettres, chiffres, point, tiret, souligné).`;
      if (pattern.startsWith('^[^')) {
        return `${label} contient un caractère interdit (caractère de contrôle, invisible ou de sens d'écriture) : retirez-le et réessayez.`;
      }
      return `${label} n'a pas le bon format.`;
    }
    default:
      return `${label} est invalide.`;
  }
}
