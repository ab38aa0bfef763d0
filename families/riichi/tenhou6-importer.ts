// The riichi family's game-record format (GameFamily.importers): tenhou.net/6 files stored as riichi sessions, checked
// by the `tenhou6` command, replayed and exported from the record each import stored.
import type { ImportedExport, RecordImporter } from '../../host/families/record-importer.js';
import { hostFail, type HostResult } from '../../host/errors.js';
import type { Session } from '../../host/storage/index.js';
import { importedSessionCsv, importedSessionMjai } from './export.js';
import type { GameRecord } from './formats/game-record.js';
import { tenhou6Report } from './formats/tenhou6-report.js';
import { importedRecord, importedTenhou6Text, importTenhou6File } from './import.js';
import { importedReplay } from './replay-import.js';

/** An export of the game record an import stored; a log that is no tenhou.net/6 import is refused. */
const ofRecord =
  (write: (session: Session, record: GameRecord) => HostResult<string>): ImportedExport =>
  (session, records) => {
    const record = importedRecord(records);
    return record === null
      ? hostFail('export_unsupported', `session ${session.id} is no tenhou.net/6 import`)
      : write(session, record);
  };

export const TENHOU6_IMPORTER: RecordImporter = {
  format: 'tenhou6',
  importFile: importTenhou6File,
  check: tenhou6Report,
  replay: importedReplay,
  exports: {
    csv: ofRecord(importedSessionCsv),
    mjai: ofRecord(importedSessionMjai),
    tenhou: ofRecord((_session, record) => importedTenhou6Text(record)),
  },
};
