import { internalStream, modelOf } from '../event-sourcing/stream-model';
import { OPERATORS_STREAM } from '../event-store/stream-names';
import { operatorDirectoryDecider } from './domain/operator-directory';

const operatorDirectoryModel = modelOf('operator-directory', operatorDirectoryDecider);

/** The installation's operators: internal events with no resource (they carry password hashes). */
export const operatorDirectoryStream = () => internalStream(operatorDirectoryModel, OPERATORS_STREAM, { resourceType: 'operator' });

/**
 * Operators belong to the installation, not to a marketplace; their events still need a marketplaceId column, and
 * this one names no marketplace, so no tenant read of the log ever sees them.
 */
export const INSTALLATION = 'installation';
