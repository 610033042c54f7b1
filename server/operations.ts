// Handler types, taken from the client generated from openapi.yaml: a handler whose argument or
// answer drifts from the contract fails `npm run typecheck`. buildApp checks at start-up that
// every operation of the contract has exactly one handler, in the module of its tag.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type * as G from '../src/api/generated.ts';
import type { LoginLimiter } from './auth/loginLimiter.ts';
import type { ScryptCost } from './auth/passwords.ts';
import type { Sessions } from './auth/sessions.ts';
import type { Db } from './db/database.ts';
import type { ImageLibrary } from './images/library.ts';
import type { Quotes } from './quotes/service.ts';
import type { ReadCache } from './readCache.ts';

export interface Operations {
  login: [G.LoginApiArg, G.LoginApiResponse];
  refreshToken: [G.RefreshTokenApiArg, G.RefreshTokenApiResponse];
  logout: [G.LogoutApiArg, G.LogoutApiResponse];
  getCategories: [G.GetCategoriesApiArg, G.GetCategoriesApiResponse];
  addCategory: [G.AddCategoryApiArg, G.AddCategoryApiResponse];
  updateCategory: [G.UpdateCategoryApiArg, G.UpdateCategoryApiResponse];
  deleteCategory: [G.DeleteCategoryApiArg, G.DeleteCategoryApiResponse];
  getProjectTypes: [G.GetProjectTypesApiArg, G.GetProjectTypesApiResponse];
  getProjectTypesByCategory: [G.GetProjectTypesByCategoryApiArg, G.GetProjectTypesByCategoryApiResponse];
  addProjectType: [G.AddProjectTypeApiArg, G.AddProjectTypeApiResponse];
  updateProjectType: [G.UpdateProjectTypeApiArg, G.UpdateProjectTypeApiResponse];
  deleteProjectType: [G.DeleteProjectTypeApiArg, G.DeleteProjectTypeApiResponse];
  getProjectsByType: [G.GetProjectsByTypeApiArg, G.GetProjectsByTypeApiResponse];
  getProject: [G.GetProjectApiArg, G.GetProjectApiResponse];
  getProjects: [G.GetProjectsApiArg, G.GetProjectsApiResponse];
  getRandomProjects: [G.GetRandomProjectsApiArg, G.GetRandomProjectsApiResponse];
  addProject: [G.AddProjectApiArg, G.AddProjectApiResponse];
  updateProject: [G.UpdateProjectApiArg, G.UpdateProjectApiResponse];
  deleteProject: [G.DeleteProjectApiArg, G.DeleteProjectApiResponse];
  getSubTypes: [G.GetSubTypesApiArg, G.GetSubTypesApiResponse];
  addSubType: [G.AddSubTypeApiArg, G.AddSubTypeApiResponse];
  deleteSubType: [G.DeleteSubTypeApiArg, G.DeleteSubTypeApiResponse];
  getUsers: [G.GetUsersApiArg, G.GetUsersApiResponse];
  addUser: [G.AddUserApiArg, G.AddUserApiResponse];
  updateUser: [G.UpdateUserApiArg, G.UpdateUserApiResponse];
  deleteUser: [G.DeleteUserApiArg, G.DeleteUserApiResponse];
  getMenu: [G.GetMenuApiArg, G.GetMenuApiResponse];
  getImages: [G.GetImagesApiArg, G.GetImagesApiResponse];
  uploadImage: [G.UploadImageApiArg, G.UploadImageApiResponse];
  deleteImage: [G.DeleteImageApiArg, G.DeleteImageApiResponse];
  getQuoteForm: [G.GetQuoteFormApiArg, G.GetQuoteFormApiResponse];
  sendQuote: [G.SendQuoteApiArg, G.SendQuoteApiResponse];
  getQuotes: [G.GetQuotesApiArg, G.GetQuotesApiResponse];
  getQuote: [G.GetQuoteApiArg, G.GetQuoteApiResponse];
  updateQuote: [G.UpdateQuoteApiArg, G.UpdateQuoteApiResponse];
  deleteQuote: [G.DeleteQuoteApiArg, G.DeleteQuoteApiResponse];
  getQuotePhoto: [G.GetQuotePhotoApiArg, G.GetQuotePhotoApiResponse];
}

export type OperationId = keyof Operations;

/** What every handler may use; built once per app by buildApp. */
export interface Services {
  db: Db;
  /** Public read results; every write call invalidates it. */
  cache: ReadCache;
  sessions: Sessions;
  /** The image library: files in DATA_DIR/images, rows in the image table, the worker queue. */
  images: ImageLibrary;
  loginLimiter: LoginLimiter;
  /** Quote requests: their files, the spam rules, the e-mail outbox, the retention (issue 17). */
  quotes: Quotes;
  passwordCost: ScryptCost;
  /** A hash of a random value, verified when the e-mail is unknown so both failures take as long. */
  dummyPasswordHash: () => Promise<string>;
}

export interface HandlerContext {
  req: FastifyRequest;
  reply: FastifyReply;
  services: Services;
  /** The signed-in administrator (operations with bearer security), else null. */
  userId: number | null;
}

export type Handler<K extends OperationId> = (
  arg: Operations[K][0],
  ctx: HandlerContext,
) => Promise<Operations[K][1]>;

export type Handlers<K extends OperationId> = { [P in K]: Handler<P> };

/** One module per contract tag. */
export interface TagModule<K extends OperationId = OperationId> {
  tag: string;
  handlers: Handlers<K>;
}

/** An answer other than 200: thrown by handlers, sent as `{Result:false, Message}`. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  constructor(statusCode: number, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.statusCode = statusCode;
    this.headers = headers;
  }
}

export const refuse = (Message: string): G.MutationResult => ({ Result: false, Message });
export const ok = (Message = 'Opération effectuée avec succès'): G.MutationResult => ({ Result: true, Message });
