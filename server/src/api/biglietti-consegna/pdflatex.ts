// The compiler moved to pdf/pdflatex.ts (rankings and certificates use it
// too, and share its one-at-a-time queue); this name stays while the api/
// folders are being reorganised, so that their imports need not change now.
export * from '../../pdf/pdflatex';
