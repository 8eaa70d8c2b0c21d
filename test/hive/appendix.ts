/** Appendix A of the Hive spec: reference positions (default options), verbatim. */
export const A = {
  queenMoves: String.raw`Base;InProgress;White[12];wG1;bG1 wG1-;wQ \wG1;bQ bG1-;wG2 /wG1;bA1 bQ/;wG3 /wG2;bA1 bQ-;wB1 -wG3;bA1 bQ/;wB2 \wB1;bA1 bQ-;wS1 \wB2;bA1 bQ/;wS2 wS1/;bA1 bQ-;wA1 \wS2;bA1 bQ/;wA2 wA1/;bA1 bQ-;wA3 wA2/;bA1 wA3-`,
  grasshopperMoves: String.raw`Base;InProgress;White[11];wG1;bG1 wG1-;wQ /wG1;bQ bG1-;wS1 wQ\;bA1 bQ-;wB1 /wS1;bA1 -wQ;wB1 wS1\;bA2 bQ-;wB1 /wS1;bA2 wG1\;wB1 wS1\;bA3 bQ-;wB1 /wS1;bS1 bQ\;wB1 wS1;bS1 wB1\;wB1 /wB1;bA3 -wB1`,
  spiderMoves: String.raw`Base;InProgress;White[12];wG1;bA1 wG1-;wS1 \wG1;bQ bA1-;wQ /wG1;bG1 bQ\;wG2 wQ\;bB1 /bG1;wB1 /wG2;bG2 bG1\;wG3 /wB1;bG2 -bB1;wB2 wG3\;bA1 bG1\;wA1 wB2-;bA1 bB1\;wA2 wA1/;bA1 bG1-;wS2 wA2-;bA1 bG1\;wA3 wS2\;bA1 wA3-`,
  beetleMoves: String.raw`Base;InProgress;White[12];wB1;bB1 wB1-;wQ \wB1;bQ bB1/;wG1 /wB1;bB2 bB1\;wA1 /wG1;bA1 bQ\;wG2 -wA1;bQ \bB1;wB2 /wG2;bA2 \bA1;wG3 wB2\;bA2 \wQ;wA2 wG3-;bB2 wB1\;wS1 wA2\;bA1 bB1\;wS2 wS1-;bA1 bB1-;wA3 wS2/;bA1 \wA3`,
  mosquitoMoves: String.raw`Base+M;InProgress;White[13];wM;bG1 wM-;wS1 /wM;bQ bG1-;wQ /wS1;bB1 bG1\;wB1 /wQ;bB1 wM\;wS2 /wB1;bA1 bQ-;wB2 wS2\;bA1 bQ\;wG1 wB2-;bA1 bQ-;wG2 wG1/;bA1 bQ\;wG3 wG2/;bA1 bQ-;wA1 wG3-;bA1 bQ/;wA2 wA1-;bA1 bQ-;wA3 wA2\;bA1 /wA3`,
  pillbugCantThrowLastMove: String.raw`Base+P;InProgress;White[15];wP;bS1 wP-;wQ /wP;bQ bS1-;wB1 -wQ;bB1 bS1\;wG1 wB1\;bB1 wP\;wS1 wG1\;bQ bS1/;wB1 -wP;bB1 wQ;wG2 wS1\;bB1 wB1;wG3 wG2\;bA1 bQ\;wS2 wG3-;bA1 bS1\;wA1 wS2/;bA1 bQ\;wA2 wA1/;bA1 bS1\;wA3 wA2/;bA1 bQ\;wB2 wA3/;bA1 wB2/;pass;bQ \bS1`,
  beetleGate: String.raw`Base;InProgress;White[12];wB1;bS1 wB1-;wQ \wB1;bQ bS1/;wB2 -wQ;bB1 bQ\;wS1 /wB2;bB1 bS1;wG1 /wS1;bQ \bB1;wG2 wG1\;bB2 bQ/;wG3 wG2\;bB2 \bQ;wA1 wG3-;bB2 wQ;wA2 wA1-;bA1 bQ/;wS2 wA2-;bA1 bB1/;wA3 wS2/;bA1 wA3/`,
  ladybugGate: String.raw`Base+L;InProgress;White[14];wL;bG1 wL/;wQ -wL;bQ bG1/;wQ -bG1;bG2 bQ-;wB1 \wQ;bB1 bG2-;wS1 \wB1;bB1 bG2;wS2 \wS1;bG3 \bQ;wG1 wS2/;bB2 bG3/;wB2 wG1/;bB2 bG3;wA1 wB2-;bA1 bB1-;wA2 wA1-;bA1 bB1\;wG2 wA2-;bA1 bB1-;wG3 wG2\;bA1 bB1\;wA3 wG3\;bA1 wA3${'\\'}`,
  pillbugGate: String.raw`Base+P;InProgress;White[9];wP;bB1 wP-;wQ /wP;bQ bB1/;wQ wP\;bQ \bB1;wQ /wP;bA1 bQ/;wQ wP\;bA1 -bQ;wQ /wP;bB2 \bQ;wQ wP\;bB2 bQ;bA1 -wP;bB1 wQ`,
  pass: String.raw`Base;InProgress;White[7];wA1;bS1 wA1-;wQ -wA1;bQ bS1/;wQ \wA1;bA1 bS1\;wQ -wA1;bA2 bQ\;wQ \wA1;bA1 \wQ;wG1 /wQ;bA2 /wG1`,
  blackSuicide: String.raw`Base;WhiteWins;White[7];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \bQ;wG1 bQ\;bG2 bQ/;wA1 wQ\;bA1 bG2/;wA1 bG2\;bA1 /bG1`,
  draw: String.raw`Base;Draw;White[11];wS1;bS1 wS1-;wQ -wS1;bQ bS1/;wG1 -wQ;bG1 \bQ;wG1 bQ\;bG2 bQ/;wA1 wQ\;bA1 bG2/;wA1 bG2\;bA1 \bG2;wQ \wS1;bG1 wA1/;wQ -bQ;bA1 \wQ;wB1 -wS1;bG3 bG1-;wB1 /bA1;bG3 -bG2`,
  threefold: String.raw`Base;Draw;White[7];wS1;bB1 wS1-;wQ \wS1;bQ bB1\;wQ -wS1;bQ bB1-;wQ \wS1;bQ bB1\;wQ -wS1;bQ bB1-;wQ \wS1;bQ bB1${'\\'}`,
  pieceOnTop: String.raw`Base;InProgress;White[6];wS1;bS1 wS1-;wB1 \wS1;bB1 bS1/;wG1 /wS1;bG1 bS1\;wQ /wB1;bQ bB1\;wB1 wQ;bB1 bQ`,
} as const;
