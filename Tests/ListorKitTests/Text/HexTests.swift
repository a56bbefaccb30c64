import ListorKit
import Testing

@Suite struct HexTests {
    @Test func everyByteIsTwoLowercaseDigits() {
        #expect(Hex.lowercase([0x00, 0x0f, 0x10, 0xa5, 0xff]) == "000f10a5ff")
        #expect(Hex.lowercase([UInt8]()) == "")
        let all = (0...255).map(UInt8.init)
        #expect(Hex.lowercase(all) == all.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined())
    }
}
