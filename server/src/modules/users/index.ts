export { userModel } from './users.model.js';
export { UserSchema, type PublicUser } from './users.schemas.js';
export {
  createUsersService,
  defaultDisplayName,
  normalizeEmail,
  toPublicUser,
  type UserContact,
  type UsersService,
} from './users.service.js';
