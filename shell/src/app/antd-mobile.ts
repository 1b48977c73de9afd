// The shell's own antd-mobile copy (antd-mobile is not a federation singleton; see
// shared-sdk/src/ui/antd-mobile-react19.ts): its global styles, and bridged to React 19
// before the first render.
import 'antd-mobile/es/global';
import { unstableSetRender } from 'antd-mobile';
import { bridgeAntdMobileToReact19 } from '@kabuto/shared-sdk/ui';

export function prepareAntdMobile(): void {
  bridgeAntdMobileToReact19(unstableSetRender);
}
