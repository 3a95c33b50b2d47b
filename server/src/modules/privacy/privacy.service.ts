import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import { AuthErrors } from '../auth/index.js';
import { addressOf, ownerFilter, PERSONAL_DATA } from './privacy.data-map.js';
import { createAccountDeletion } from './privacy.deletion.js';
import type { PrivacyDependencies, PrivacyService } from './privacy.types.js';

export type { ExportSink, PrivacyDependencies, PrivacyService } from './privacy.types.js';

export const EXPORT_FORMAT = 'iam-platform-personal-data/1';

/** `_id` becomes `id`, private fields go, ObjectIds and dates become strings (via JSON). */
function exported(document: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const { _id, __v: _version, ...rest } = document;
  for (const field of omit) delete rest[field];
  return { id: String(_id), ...rest };
}

export function createPrivacyService(deps: PrivacyDependencies): PrivacyService {
  const { connection, organizations } = deps;

  return {
    async exportAccount(userId, sink) {
      const user = await deps.users.findById(userId);
      if (!user) throw new AppError(AuthErrors.SESSION_ENDED);
      const id = new Types.ObjectId(userId);
      const organizationsById = new Map(
        (await organizations.membershipsOf(userId)).map((org) => [
          org.id,
          { name: org.name, slug: org.slug },
        ]),
      );
      await sink.write(
        `{"format":${JSON.stringify(EXPORT_FORMAT)},"exported_at":${JSON.stringify(new Date().toISOString())},"user_id":${JSON.stringify(userId)}`,
      );
      for (const entry of PERSONAL_DATA) {
        if (!entry.section) continue;
        const cursor = connection
          .db!.collection(entry.collection)
          .find(ownerFilter(entry, id, addressOf(user)));
        if (entry.section === 'profile') {
          const profile = await cursor.next();
          await cursor.close();
          await sink.write(
            `,"profile":${JSON.stringify({
              ...(profile ? exported(profile, entry.omit) : {}),
              signs_in_with_google: Boolean(user.google_id),
              has_password: Boolean(user.password_hash),
            })}`,
          );
          continue;
        }
        await sink.write(`,${JSON.stringify(entry.section)}:[`);
        let first = true;
        for await (const document of cursor.sort({ _id: 1 })) {
          const row = exported(document, entry.omit);
          if (entry.section === 'memberships')
            row.organization = organizationsById.get(String(document.organization_id)) ?? null;
          await sink.write(`${first ? '' : ','}${JSON.stringify(row)}`);
          first = false;
        }
        await sink.write(']');
      }
      await sink.write('}');
    },

    ...createAccountDeletion(deps),
  };
}
