export { PERSONAL_DATA, type PersonalDataEntry } from './privacy.data-map.js';
export { PrivacyErrors } from './privacy.errors.js';
export { registerPrivacyRoutes } from './privacy.routes.js';
export { PersonalDataExportSchema } from './privacy.schemas.js';
export { createPrivacyService, EXPORT_FORMAT, type PrivacyService } from './privacy.service.js';
