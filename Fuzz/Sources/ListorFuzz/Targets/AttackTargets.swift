import Foundation
import Hummingbird
import ListorImaging
import ListorKit
@testable import ListorWeb
import Modbus
import ModbusSQL
@testable import TextBrowser

/// The parsers a hostile visitor, page or device reaches that issue 35 named: pictures through
/// libjpeg and libpng, the history query down to its store, the address guard's reading of
/// numeric hosts (against glibc's), multipart bodies, the cookie jar, URL resolution and
/// refreshes, RTU frames, and the signed tokens of forms.
enum AttackTargets {
    /// JPEG and PNG: a picture that decodes has the header's size and all its pixels, and
    /// comes back the same through PNG.
    static let image = FuzzTarget(name: "image", summary: "JPEG and PNG headers and decoding (libjpeg, libpng, at most 2^20 pixels); a decoded picture has the header's size and survives PNG") { bytes in
        let header = try? ImageCodec.header(of: bytes)
        guard let image = try? ImageCodec.decode(bytes, maximumPixels: 1 << 20) else { return }
        require(header.map { ($0.width, $0.height) == (image.width, image.height) } == true, "the header says \(String(describing: header)), the pixels \(image.width) × \(image.height)")
        require(image.pixels.count == image.width * image.height * 4, "\(image.pixels.count) bytes of pixels for \(image.width) × \(image.height)")
        guard let png = try? ImageCodec.png(image) else { return require(false, "a decoded picture cannot be written as PNG") }
        require((try? ImageCodec.decode(png)) == image, "a picture does not survive PNG")
    }

    /// A history of one variable with a few samples, for the query target.
    static let trends: VariableTrendViewModel = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("listor-fuzz-\(getpid()).sqlite").path
        let store = try! SQLPlantHistory(path: path)
        let now = Date(timeIntervalSince1970: 1_795_000_320)
        blocking {
            try! await store.describe([RegisterVariable(name: "Flow", unit: "m3/h", address: 0, count: 2, encoding: ValueEncoding(format: .real4))])
            try! await store.record((1...60).map { TrendSample(variable: "1-2", time: now.addingTimeInterval(-Double($0)), value: Double($0)) })
        }
        return VariableTrendViewModel(store: store, pollInterval: .seconds(1), now: { now })
    }()

    /// `from`, `to` and `step` as a visitor writes them, down to the SQLite history: an answer
    /// spans a positive stretch inside 1970 to 9999 with no more points than allowed; a refusal
    /// names a field.
    static let historyQuery = FuzzTarget(name: "history-query", summary: "the history's from, to and step down to the SQLite store; an answer spans 1970 to 9999 forwards, a refusal names a field") { bytes in
        let fields = FuzzTarget.fields(bytes, count: 3).map { $0.isEmpty ? nil : $0 }
        let outcome: Result<TrendSeries, TrendQueryError>? = blocking {
            do {
                return .success(try await trends.series(register: "1", from: fields[0], to: fields[1], step: fields[2], timeZone: TimeZone(identifier: "UTC")!))
            } catch let error as TrendQueryError {
                return .failure(error)
            } catch {
                return nil
            }
        }
        switch outcome {
        case .success(let series)?:
            require(series.from < series.to, "\(series.from) is not before \(series.to)")
            require(series.from.timeIntervalSince1970 >= 0 && series.to.timeIntervalSince1970 < 253_402_300_800, "\(series.from) to \(series.to)")
            require(series.points.count <= VariableTrendViewModel.maximumPoints, "\(series.points.count) points")
        case .failure(let error)?:
            require(["from", "to", "step"].contains(error.field ?? ""), "a refusal names no field: \(error)")
        case nil:
            require(false, "the query failed with something other than a TrendQueryError")
        }
    }

    /// Hosts written as numbers: the guard reads an IPv4 host as glibc's `inet_aton` does
    /// (where both read dotted numbers), an IPv6 one as `inet_pton`, and an address writes back
    /// as itself.
    static let addressGuard = FuzzTarget(name: "address-guard", summary: "numeric hosts as the address guard reads them, against glibc's inet_aton and inet_pton; addresses write back as themselves") { bytes in
        let host = String(decoding: bytes.prefix(64), as: UTF8.self)
        let ours = IPAddress.urlHost(host)
        if case .address(let address) = ours {
            require(IPAddress(address.description) == address, "\(address) does not read back as itself")
        }
        if host.contains(":") {
            // A URL writes an IPv6 host in brackets; inet_pton reads what is inside them.
            let bare = host.hasPrefix("[") && host.hasSuffix("]") && host.count >= 2 ? String(host.dropFirst().dropLast()) : host
            var parsed = in6_addr()
            let theirs = inet_pton(AF_INET6, bare, &parsed) == 1 ? withUnsafeBytes(of: &parsed) { Array($0) } : nil
            if case .address(let address) = ours { require(address.bytes == theirs, "\(host.debugDescription): ours \(address), glibc's \(String(describing: theirs))") }
            if let theirs { require(ours == .address(IPAddress(bytes: theirs)!), "\(host.debugDescription): glibc reads \(theirs), ours \(ours)") }
            return
        }
        // Dotted numbers only, one to four, none empty: the forms both read.
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard !host.isEmpty, parts.count <= 4, parts.allSatisfy({ !$0.isEmpty }),
              host.allSatisfy({ $0.isHexDigit || $0 == "x" || $0 == "X" || $0 == "." }) else { return }
        var parsed = in_addr()
        let theirs = inet_aton(host, &parsed) == 1 ? withUnsafeBytes(of: &parsed) { Array($0) } : nil
        switch ours {
        case .address(let address):
            // The URL Standard reads an empty hexadecimal number ("0x") as 0, where glibc reads
            // nothing; the guard then checks 0.0.0.0, which it refuses.
            let emptyHex = parts.contains { $0.lowercased() == "0x" }
            require(address.bytes == theirs || theirs == nil && emptyHex, "\(host.debugDescription): ours \(address), glibc's \(String(describing: theirs))")
        case .invalid, .name:
            require(theirs == nil, "\(host.debugDescription): glibc reads \(String(describing: theirs)), ours \(ours)")
        }
    }

    /// `multipart/form-data` bodies: read or refused with a reason; what is read lies in the body.
    static let multipart = FuzzTarget(name: "multipart", summary: "multipart form bodies (MultipartKit under MultipartForm); read or refused, names non-empty, files within the body") { bytes in
        let fields = FuzzTarget.fields(bytes, count: 2)
        guard let boundary = MultipartForm.boundary(of: "multipart/form-data; boundary=" + fields[0]) else { return }
        guard let form = try? MultipartForm(ByteBuffer(string: fields[1]), boundary: boundary) else { return }
        require(form.fields.keys.allSatisfy { !$0.isEmpty } && form.files.keys.allSatisfy { !$0.isEmpty }, "a part without a name was kept")
        require(form.files.values.allSatisfy { $0.bytes.count <= fields[1].utf8.count }, "a file larger than the body")
    }

    /// `Set-Cookie` headers from one site: what the jar sends back is a well-formed `Cookie`
    /// header, and never to another site.
    static let cookieJar = FuzzTarget(name: "cookie-jar", summary: "Set-Cookie headers into the cookie jar; the Cookie header sent back has no control characters and goes to no other site") { bytes in
        let fields = FuzzTarget.fields(bytes, count: 2)
        let path = "/" + fields[1].filter { $0.isLetter || $0 == "/" }.prefix(40)
        let headers = fields[0].split(separator: "\n").map(String.init)
        let (mine, other) = blocking { () -> (String?, String?) in
            let jar = CookieJar(now: { Date(timeIntervalSince1970: 1_795_000_000) })
            await jar.store(headers, from: URL(string: "https://www.fuzz.test\(path)")!)
            return (await jar.header(for: URL(string: "https://www.fuzz.test\(path)")!), await jar.header(for: URL(string: "https://fuzz.other/")!))
        }
        require(other == nil, "a cookie of www.fuzz.test goes to fuzz.other: \(other ?? "")")
        if let mine {
            require(!mine.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F }, "a control character in \(mine.debugDescription)")
        }
    }

    static let base = URL(string: "http://fuzz.test/dir/page.html?q=1")!

    /// Links, `Location` headers and refreshes resolved against a page: a result is an absolute
    /// URL that resolves to itself again; a refresh is read from any `content`.
    static let urlResolution = FuzzTarget(name: "url-resolution", summary: "hrefs and Location values resolved against a page, and meta refreshes; a result is absolute and resolves to itself") { bytes in
        let href = String(decoding: bytes.prefix(512), as: UTF8.self)
        if let resolved = URLResolver.resolve(href, against: base) {
            require(resolved.scheme != nil, "\(href.debugDescription) resolved to \(resolved), which has no scheme")
            require(URLResolver.resolve(resolved.absoluteString, against: base) == resolved, "\(resolved) does not resolve to itself")
        }
        let escaped = href.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "'", with: "&#39;").replacingOccurrences(of: "<", with: "&lt;")
        let document = HTMLParser().parse("<meta http-equiv=refresh content='\(escaped)'>")
        if let refresh = TextLayout.refresh(of: document, base: base) {
            require(refresh.seconds >= 0, "a refresh after \(refresh.seconds) s")
            require(refresh.url.scheme != nil, "a refresh to \(refresh.url), which has no scheme")
        }
    }

    /// Modbus RTU frames off a serial line, both ways: a frame read writes back as its bytes.
    static let rtuFrame = FuzzTarget(name: "rtu-frame", summary: "Modbus RTU frames (requests and responses); a frame read writes back as the bytes it came from, within 256") { bytes in
        for direction in [RTUFrame.Direction.request, .response] {
            guard let parsed = try? RTUFrame.parse(bytes, direction) else { continue }
            require(parsed.size <= RTUFrame.maximumSize && parsed.size <= bytes.count, "a frame of \(parsed.size) bytes")
            require(parsed.frame.bytes == Array(bytes.prefix(parsed.size)), "the frame does not write back as it was read")
        }
    }

    static let formKey = FormKey(bytes: Array(repeating: 7, count: FormKey.size))
    static let genuine = formKey.token(for: "csrf")

    /// The forms' signed tokens: nothing but a token this key made passes, and only for its
    /// purpose; a genuine token changed anywhere fails.
    static let sessionToken = FuzzTarget(name: "session-token", summary: "the forms' signed tokens (HMAC-SHA256); nothing forged passes, a token passes for its purpose only") { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        require(!formKey.verifies(text, for: "csrf") || text == genuine, "a forged token passed: \(text.debugDescription)")
        let purpose = String(text.prefix(20))
        if purpose != "csrf" { require(!formKey.verifies(genuine, for: purpose), "the csrf token passed for \(purpose.debugDescription)") }
        if let first = bytes.first, !genuine.isEmpty {
            var changed = Array(genuine.utf8)
            let index = Int(first) % changed.count
            let replacement = bytes.count > 1 ? bytes[1] : first
            guard changed[index] != replacement else { return }
            changed[index] = replacement
            require(!formKey.verifies(String(decoding: changed, as: UTF8.self), for: "csrf"), "a changed token passed")
        }
    }
}
