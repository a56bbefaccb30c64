/// A character encoding by its WHATWG name ("windows-1252", "shift_jis"), found from any of
/// the labels pages use for it ("latin1", "sjis", "x-gbk").
public struct Charset: Sendable, Hashable, CustomStringConvertible {
    /// The WHATWG name, in lower case.
    public let name: String
    /// What iconv calls it.
    let iconvName: String

    public var description: String { name }

    public static let utf8 = Charset(name: "utf-8", iconvName: "UTF-8")
    public static let utf16LE = Charset(name: "utf-16le", iconvName: "UTF-16LE")
    public static let utf16BE = Charset(name: "utf-16be", iconvName: "UTF-16BE")
    public static let windows1252 = Charset(name: "windows-1252", iconvName: "CP1252")

    /// The encoding a label names, ignoring case and surrounding whitespace; nil for an unknown label.
    public init?(label: String) {
        let key = label.trimmingASCIIWhitespace().lowercased()
        guard let charset = Self.byLabel[key] else { return nil }
        self = charset
    }

    private init(name: String, iconvName: String) {
        self.name = name
        self.iconvName = iconvName
    }

    /// Every name the encodings Listor reads are known by (the WHATWG Encoding Standard's labels).
    private static let byLabel: [String: Charset] = {
        var table: [String: Charset] = [:]
        func add(_ name: String, _ iconv: String, _ labels: [String]) {
            let charset = Charset(name: name, iconvName: iconv)
            for label in labels + [name] { table[label] = charset }
        }
        add("utf-8", "UTF-8", ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf8", "x-unicode20utf8"])
        add("ibm866", "IBM866", ["866", "cp866", "csibm866"])
        let latin: [Int: [String]] = [
            2: ["csisolatin2", "iso-ir-101", "l2", "latin2"], 3: ["csisolatin3", "iso-ir-109", "l3", "latin3"],
            4: ["csisolatin4", "iso-ir-110", "l4", "latin4"], 5: ["csisolatincyrillic", "cyrillic", "iso-ir-144"],
            6: ["arabic", "asmo-708", "csiso88596e", "csiso88596i", "csisolatinarabic", "ecma-114", "iso-8859-6-e", "iso-8859-6-i", "iso-ir-127"],
            7: ["csisolatingreek", "ecma-118", "elot_928", "greek", "greek8", "iso-ir-126", "sun_eu_greek"],
            8: ["csiso88598e", "csisolatinhebrew", "hebrew", "iso-8859-8-e", "iso-ir-138", "visual"],
            10: ["csisolatin6", "iso-ir-157", "l6", "latin6"], 13: [], 14: [], 15: ["csisolatin9", "l9"], 16: [],
        ]
        for (number, extra) in latin {
            add("iso-8859-\(number)", "ISO-8859-\(number)", extra + ["iso8859-\(number)", "iso8859\(number)", "iso_8859-\(number)", "iso_8859-\(number):1987"])
        }
        add("iso-8859-8-i", "ISO-8859-8", ["csiso88598i", "logical"])
        add("koi8-r", "KOI8-R", ["cskoi8r", "koi", "koi8", "koi8_r"])
        add("koi8-u", "KOI8-U", ["koi8-ru"])
        add("macintosh", "MACINTOSH", ["csmacintosh", "mac", "x-mac-roman"])
        add("windows-874", "CP874", ["dos-874", "iso-8859-11", "iso8859-11", "iso885911", "tis-620"])
        for number in 1250...1258 { add("windows-\(number)", "CP\(number)", ["cp\(number)", "x-cp\(number)"]) }
        add("windows-1252", "CP1252", ["ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
            "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "x-cp1252"])
        add("windows-1254", "CP1254", ["cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
            "iso_8859-9:1989", "l5", "latin5", "x-cp1254"])
        add("x-mac-cyrillic", "MAC-CYRILLIC", ["x-mac-ukrainian"])
        add("gbk", "GB18030", ["chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "iso-ir-58", "x-gbk"])
        add("gb18030", "GB18030", [])
        add("big5", "BIG5-HKSCS", ["big5-hkscs", "cn-big5", "csbig5", "x-x-big5"])
        add("euc-jp", "EUC-JP", ["cseucpkdfmtjapanese", "x-euc-jp"])
        add("iso-2022-jp", "ISO-2022-JP", ["csiso2022jp"])
        add("shift_jis", "CP932", ["csshiftjis", "ms932", "ms_kanji", "shift-jis", "sjis", "windows-31j", "x-sjis"])
        add("euc-kr", "CP949", ["cseuckr", "csksc56011987", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989", "ksc5601", "ksc_5601", "windows-949"])
        add("utf-16be", "UTF-16BE", ["unicodefffe"])
        add("utf-16le", "UTF-16LE", ["csunicode", "iso-10646-ucs-2", "ucs-2", "unicode", "unicodefeff", "utf-16"])
        return table
    }()
}

extension StringProtocol {
    /// Without HTML's ASCII whitespace at either end.
    func trimmingASCIIWhitespace() -> String {
        let text = String(self)
        let utf8 = text.utf8
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0x0C }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }), let last = utf8.lastIndex(where: { !isSpace($0) }) else { return "" }
        if first == utf8.startIndex, utf8.index(after: last) == utf8.endIndex { return text }
        return String(text[first...last])
    }
}
