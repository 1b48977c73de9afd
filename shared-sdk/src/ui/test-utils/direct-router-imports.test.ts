/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { findDirectRouterImports } from './direct-router-imports';

describe('findDirectRouterImports', () => {
  let src: string;

  beforeEach(() => {
    src = mkdtempSync(join(tmpdir(), 'router-imports-'));
    mkdirSync(join(src, 'pages', 'home'), { recursive: true });
  });
  afterEach(() => rmSync(src, { recursive: true, force: true }));

  function write(file: string, text: string): void {
    writeFileSync(join(src, file), text);
  }

  it('finds every way of importing react-router, with file and line', () => {
    write('pages/home/Home.tsx', "import { a } from '@kabuto/shared-sdk';\nimport { useNavigate } from 'react-router';\n");
    write('pages/home/Home.test.tsx', 'import {\n  MemoryRouter,\n} from "react-router";\njest.mock(\'react-router-dom\');\n');
    write('lazy.ts', "const r = import('react-router/dom');\nconst c = require('react-router');\nimport 'react-router';\n");
    expect(findDirectRouterImports(src)).toEqual([
      "lazy.ts:1 imports 'react-router/dom'",
      "lazy.ts:2 imports 'react-router'",
      "lazy.ts:3 imports 'react-router'",
      "pages/home/Home.test.tsx:3 imports 'react-router'",
      "pages/home/Home.test.tsx:4 imports 'react-router-dom'",
      "pages/home/Home.tsx:2 imports 'react-router'",
    ]);
  });

  it('passes imports through the SDK and names that only mention the router', () => {
    write('pages/home/Home.tsx', "import { useNavigate } from '@kabuto/shared-sdk';\n// react-router comes with the SDK\n");
    write('styles.css', "@import 'react-router';\n");
    expect(findDirectRouterImports(src)).toEqual([]);
  });
});
