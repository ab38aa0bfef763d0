// Vite's client types for the renderer (CSS and asset imports).
/// <reference types="vite/client" />
