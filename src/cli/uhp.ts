/**
 * Placeholder until the Hive issue lands its UHP engine.
 */
export async function runUhp(
  _input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
): Promise<void> {
  output.write('err the UHP engine arrives with the Hive module\nok\n');
}
