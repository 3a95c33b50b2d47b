export { ProjectErrors } from './projects.errors.js';
export { ENVIRONMENTS, projectModel, type Environment, type ProjectDocument } from './projects.model.js';
export { registerProjectRoutes } from './projects.routes.js';
export { ProjectSchema } from './projects.schemas.js';
export {
  createProjectsService,
  type ProjectCaller,
  type ProjectsService,
  type ProjectView,
} from './projects.service.js';
