import { configure } from '@testing-library/react';

// Screens are lazy-loaded routes: on a busy CI machine their chunk can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });
