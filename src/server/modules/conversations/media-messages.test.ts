/** @jest-environment node */
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { mediaMessagesSuite } from './media-messages-suite';

// Media files under DATA_DIR (the default store).
mediaMessagesSuite(kitWithAdminForFile());
