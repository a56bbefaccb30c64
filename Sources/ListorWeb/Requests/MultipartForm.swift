import Hummingbird
import ListorKit
import NIOCore
import MultipartKit

/// A `multipart/form-data` body (a form with a file input), read by MultipartKit's parser: its
/// text fields by name, and its files. A field named twice, a body cut short and a part without
/// a name are refused, naming what was wrong.
struct MultipartForm {
    /// A file the form sent: its bytes as sent, whatever it is called.
    struct File {
        let filename: String
        let bytes: [UInt8]
    }

    var fields: [String: String] = [:]
    /// Files by field name; a file input left empty sends none.
    var files: [String: File] = [:]

    /// Whether `contentType` is a multipart form; its boundary then.
    static func boundary(of contentType: String?) -> String? {
        guard let type = contentType.flatMap(MediaType.init(from:)), type.type == .multipart, type.subType == "form-data",
              let parameter = type.parameter, parameter.name.lowercased() == "boundary",
              !parameter.value.isEmpty, parameter.value.count <= 70 else { return nil }
        return parameter.value
    }

    /// The form in `body`, sent with `boundary`. Throws a 400 naming the problem.
    init(_ body: ByteBuffer, boundary: String) throws {
        func refused(_ reason: String) -> WebError {
            WebError(.badRequest, title: "Form damaged", message: "The form could not be read: \(reason). Go back and send it again.",
                     apiMessage: "the multipart body cannot be read: \(reason)")
        }
        // The closing boundary is the only sign that nothing was cut off.
        let closing = Array("--\(boundary)--".utf8)
        var tail = Array(body.readableBytesView.suffix(closing.count + 2))
        while let last = tail.last, last == 0x0A || last == 0x0D { tail.removeLast() }
        guard tail.count >= closing.count, Array(tail.suffix(closing.count)) == closing else { throw refused("it ends before its last part does") }

        guard Self.headerNamesAreASCII(body.readableBytesView, boundary: Array("--\(boundary)".utf8)) else {
            throw refused("a part's header has a name that is not ASCII")
        }
        let parser = MultipartParser(boundary: boundary)
        var parts: [MultipartPart] = []
        var headers = HTTPHeaders()
        var partBody = ByteBuffer()
        parser.onHeader = { name, value in headers.replaceOrAdd(name: name, value: value) }
        parser.onBody = { chunk in partBody.writeBuffer(&chunk) }
        parser.onPartComplete = {
            parts.append(MultipartPart(headers: headers, body: partBody))
            headers = HTTPHeaders()
            partBody = ByteBuffer()
        }
        do { try parser.execute(body) } catch { throw refused("its parts are not well formed") }
        for part in parts {
            guard let name = part.name, !name.isEmpty else { throw refused("a part has no name") }
            guard fields[name] == nil, files[name] == nil else { throw FieldErrors([FieldError(field: String(name.prefix(40)), message: "is given more than once")]) }
            if let filename = Self.filename(of: part) {
                // An empty file input sends a part with no file name and nothing in it.
                if filename.isEmpty, part.body.readableBytes == 0 { continue }
                files[name] = File(filename: filename, bytes: Array(part.body.readableBytesView))
            } else {
                guard let text = String(validating: part.body.readableBytesView, as: UTF8.self) else { throw refused("the field \(name.prefix(40)) is not UTF-8 text") }
                fields[name] = text
            }
        }
    }

    /// Whether every header name of every part is ASCII, looked for after each place the
    /// boundary appears (wherever MultipartKit's parser could start reading headers): its
    /// parser (4.7.1) looks up each byte of a header name in a table of 128 and stops the whole
    /// process on a byte of 128 or more (found by the `multipart` fuzz target).
    ///
    /// Each line is looked at once: a boundary inside header lines already read starts no
    /// others, since the line after it is one of them; so a body of boundaries and no empty
    /// line costs one pass, not one per boundary.
    static func headerNamesAreASCII(_ body: ByteBufferView, boundary: [UInt8]) -> Bool {
        let bytes = Array(body)
        var search = bytes.startIndex
        while let found = bytes[search...].firstRange(of: boundary) {
            search = found.upperBound
            guard bytes[search...].starts(with: [0x0D, 0x0A]) else { continue }
            var line = search + 2
            // Header lines up to the empty one; a name is what comes before the first colon.
            while line < bytes.endIndex, !bytes[line...].starts(with: [0x0D, 0x0A]) {
                let end = bytes[line...].firstRange(of: [0x0D, 0x0A])?.lowerBound ?? bytes.endIndex
                let name = bytes[line..<end].prefix { $0 != UInt8(ascii: ":") }
                guard name.allSatisfy({ $0 < 0x80 }) else { return false }
                line = end + 2
            }
            search = max(search, min(line, bytes.endIndex))
        }
        return true
    }

    /// The part's `filename` parameter: set, perhaps empty, for a file input; nil for a text field.
    private static func filename(of part: MultipartPart) -> String? {
        guard let disposition = part.headers.first(name: "Content-Disposition") else { return nil }
        for parameter in disposition.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where parameter.lowercased().hasPrefix("filename=") {
            var value = parameter.dropFirst("filename=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
