/// The 64-bit FNV-1a hash of some bytes: fast, stable from run to run (unlike `Hasher`), for
/// names and groupings where a collision costs a miss, never a wrong answer.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
