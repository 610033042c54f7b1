// Files webpack turns into modules.
declare module '*.css';
declare module '*.jpg' { const url: string; export default url; }
declare module '*.png' { const url: string; export default url; }
declare module '*.svg' { const url: string; export default url; }
declare module '*.webp' { const url: string; export default url; }
declare module '*.woff2' { const url: string; export default url; }
