import Foundation

/// A text file a person brings (a spreadsheet's CSV export, a settings file) read as text:
/// UTF-8, with or without the byte-order mark spreadsheets write, or UTF-16 with its mark (what
/// "Unicode text" exports are). Anything else is refused, naming where it stops being text.
public enum TextFile {
    /// The text of the file at `path`; throws `FileError` saying what is wrong with it.
    public static func read(_ path: String) throws(FileError) -> String {
        let data: Data
        do { data = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw FileError(code: .unreadable, path: path, reason: ErrorCause(error, describe: { $0.localizedDescription }))
        }
        return try decode(data, path: path)
    }

    /// `data` as text, by the rules of `read`; `path` names it in the error.
    public static func decode(_ data: Data, path: String) throws(FileError) -> String {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let littleEndian = bytes[0] == 0xFF
            guard bytes.count % 2 == 0 else {
                throw FileError(code: .notDecodable, path: path, reason: "it starts as UTF-16 text but ends in the middle of a character")
            }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2 - 1)
            var index = 2
            while index + 1 < bytes.count {
                units.append(littleEndian ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8 : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
                index += 2
            }
            var text = ""
            var decoder = UTF16()
            var iterator = units.makeIterator()
            var position = 0
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    text.unicodeScalars.append(scalar)
                    position += scalar.value > 0xFFFF ? 2 : 1
                case .emptyInput: break loop
                case .error:
                    throw FileError(code: .notDecodable, path: path, reason: "it is not UTF-16 text: an unpaired surrogate at character \(position + 1)")
                }
            }
            return text
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
        if let text = String(validating: body, as: UTF8.self) { return text }
        // Where it stops being UTF-8: the line and the byte, for whoever has to fix the file.
        var line = 1, lineStart = body.startIndex, offset = body.startIndex
        var iterator = body.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                if scalar == "\n" { line += 1; lineStart = offset }
            case .emptyInput:
                break decoding
            case .error:
                throw FileError(code: .notDecodable, path: path, reason: """
                    it is not UTF-8 text: line \(line), byte \(offset - lineStart + 1) (0x\(Hex.lowercase([body[offset]]).uppercased())) is not UTF-8; \
                    save it as UTF-8 (or UTF-16 with its byte-order mark)
                    """)
            }
        }
        return String(decoding: body, as: UTF8.self)
    }
}
