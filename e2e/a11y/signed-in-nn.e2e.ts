import { NYNORSK } from '../support/a11y-screens.ts';
import { describeSignedInScreens } from '../support/a11y-signed-in.ts';

describeSignedInScreens(NYNORSK);
