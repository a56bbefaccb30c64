import Mustache

/// Takes a page struct apart into its *shape* — which fields are present, which flags are
/// set, how long each array is — and its *slots*, the text that fills the shape.
///
/// Pages with the same shape render the same template tokens, so a template is compiled once
/// per shape (see `CompiledTemplate`) and each request only fills in the slots. When asked,
/// it also builds a probe: the page with every slot replaced by a marker, for swift-mustache
/// to render once.
final class PageRecording {
    var shape: [UInt8] = []
    var slots: [Slot] = []
    /// Where each slot came from ("rows.2.href"); recorded only while probing.
    var paths: [String] = []
    let buildsProbe: Bool
    var probe: ProbeValue = .absent

    init(buildsProbe: Bool) {
        self.buildsProbe = buildsProbe
        shape.reserveCapacity(256)
    }

    /// Empties the recording for the next value, keeping its storage.
    func reset() {
        shape.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        paths.removeAll(keepingCapacity: true)
    }

    static func record(_ value: some Encodable, buildingProbe: Bool) throws -> PageRecording {
        let recording = PageRecording(buildsProbe: buildingProbe)
        let place = buildingProbe ? ProbePlace() : nil
        try recording.encode(value, codingPath: [], into: place)
        recording.probe = place?.value ?? .absent
        return recording
    }

    // MARK: Recording one value

    func encode(_ value: some Encodable, codingPath: [any CodingKey], into place: ProbePlace?) throws {
        switch value {
        case let html as HTMLFragment:
            shape.append(UInt8(ascii: "h"))
            addSlot(.html(html), codingPath: codingPath, into: place)
        case let text as String:
            addText(text, codingPath: codingPath, into: place)
        case let flag as Bool:
            addBool(flag, into: place)
        default:
            try value.encode(to: PageEncoder(recording: self, codingPath: codingPath, place: place))
        }
    }

    func addText(_ text: String, codingPath: [any CodingKey], into place: ProbePlace?) {
        shape.append(UInt8(ascii: "s"))
        addSlot(.text(text), codingPath: codingPath, into: place)
    }

    func addBool(_ flag: Bool, into place: ProbePlace?) {
        shape.append(flag ? UInt8(ascii: "t") : UInt8(ascii: "f"))
        place?.value = .bool(flag)
    }

    func addNil(into place: ProbePlace?) {
        shape.append(UInt8(ascii: "n"))
        place?.value = .absent
    }

    /// The coding path below `path`; kept only while probing, where slots are named by it.
    func path(_ path: [any CodingKey], _ key: any CodingKey) -> [any CodingKey] {
        buildsProbe ? path + [key] : path
    }

    func addKey(_ key: some CodingKey) {
        shape.append(contentsOf: key.stringValue.utf8)
        shape.append(0)
    }

    private func addSlot(_ slot: Slot, codingPath: [any CodingKey], into place: ProbePlace?) {
        if buildsProbe {
            place?.value = .marker(CompiledTemplate.marker(slots.count))
            paths.append(codingPath.map(\.stringValue).joined(separator: "."))
        }
        slots.append(slot)
    }
}

/// The `Encoder` behind `PageRecording`: synthesized `Encodable` conformances drive it.
private struct PageEncoder: Encoder {
    let recording: PageRecording
    let codingPath: [any CodingKey]
    let place: ProbePlace?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedPageContainer<Key>(recording: recording, codingPath: codingPath, object: openObject(in: place)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedPageContainer(recording: recording, codingPath: codingPath, array: openArray(in: place))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SinglePageContainer(recording: recording, codingPath: codingPath, place: place)
    }
}

private func openObject(in place: ProbePlace?) -> ProbeObject? {
    guard let place else { return nil }
    if case .object(let object) = place.value { return object }
    let object = ProbeObject()
    place.value = .object(object)
    return object
}

private func openArray(in place: ProbePlace?) -> ProbeArray? {
    guard let place else { return nil }
    if case .array(let array) = place.value { return array }
    let array = ProbeArray()
    place.value = .array(array)
    return array
}

private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { return nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedPageContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let recording: PageRecording
    let codingPath: [any CodingKey]
    let object: ProbeObject?

    private func place(for key: Key) -> ProbePlace? {
        object == nil ? nil : ProbePlace()
    }

    private func store(_ place: ProbePlace?, at key: Key) {
        if let place, let object { object.fields[key.stringValue] = place.value }
    }

    mutating func encodeNil(forKey key: Key) throws {
        recording.addKey(key)
        recording.addNil(into: nil)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        recording.addKey(key)
        let place = place(for: key)
        recording.addBool(value, into: place)
        store(place, at: key)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        recording.addKey(key)
        let place = place(for: key)
        recording.addText(value, codingPath: recording.path(codingPath, key), into: place)
        store(place, at: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encode(String(value), forKey: key)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encode(String(value), forKey: key)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        recording.addKey(key)
        recording.shape.append(UInt8(ascii: "{"))
        let place = place(for: key)
        try recording.encode(value, codingPath: recording.path(codingPath, key), into: place)
        store(place, at: key)
        recording.shape.append(UInt8(ascii: "}"))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        recording.addKey(key)
        let place = place(for: key)
        let nested = KeyedPageContainer<NestedKey>(recording: recording, codingPath: recording.path(codingPath, key), object: openObject(in: place))
        store(place, at: key)
        return KeyedEncodingContainer(nested)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        recording.addKey(key)
        let place = place(for: key)
        let nested = UnkeyedPageContainer(recording: recording, codingPath: recording.path(codingPath, key), array: openArray(in: place))
        store(place, at: key)
        return nested
    }

    mutating func superEncoder() -> any Encoder {
        PageEncoder(recording: recording, codingPath: codingPath, place: object == nil ? nil : ProbePlace())
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        recording.addKey(key)
        let place = place(for: key)
        store(place, at: key)
        return PageEncoder(recording: recording, codingPath: recording.path(codingPath, key), place: place)
    }
}

private struct UnkeyedPageContainer: UnkeyedEncodingContainer {
    let recording: PageRecording
    let codingPath: [any CodingKey]
    let array: ProbeArray?
    private(set) var count = 0

    init(recording: PageRecording, codingPath: [any CodingKey], array: ProbeArray?) {
        self.recording = recording
        self.codingPath = codingPath
        self.array = array
        recording.shape.append(UInt8(ascii: "["))
    }

    private mutating func next() -> (ProbePlace?, [any CodingKey]) {
        defer { count += 1 }
        recording.shape.append(UInt8(ascii: ","))
        return (array == nil ? nil : ProbePlace(), recording.path(codingPath, IndexKey(count)))
    }

    private func append(_ place: ProbePlace?) {
        if let place, let array { array.elements.append(place.value) }
    }

    mutating func encodeNil() throws {
        _ = next()
        recording.addNil(into: nil)
        if let array { array.elements.append(.absent) }
    }

    mutating func encode(_ value: String) throws {
        let (place, path) = next()
        recording.addText(value, codingPath: path, into: place)
        append(place)
    }

    mutating func encode(_ value: Bool) throws {
        let (place, _) = next()
        recording.addBool(value, into: place)
        append(place)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (place, path) = next()
        try recording.encode(value, codingPath: path, into: place)
        append(place)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (place, path) = next()
        let nested = KeyedPageContainer<NestedKey>(recording: recording, codingPath: path, object: openObject(in: place))
        append(place)
        return KeyedEncodingContainer(nested)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (place, path) = next()
        let nested = UnkeyedPageContainer(recording: recording, codingPath: path, array: openArray(in: place))
        append(place)
        return nested
    }

    mutating func superEncoder() -> any Encoder {
        let (place, path) = next()
        append(place)
        return PageEncoder(recording: recording, codingPath: path, place: place)
    }
}

private struct SinglePageContainer: SingleValueEncodingContainer {
    let recording: PageRecording
    let codingPath: [any CodingKey]
    let place: ProbePlace?

    mutating func encodeNil() throws { recording.addNil(into: place) }
    mutating func encode(_ value: Bool) throws { recording.addBool(value, into: place) }
    mutating func encode(_ value: String) throws { recording.addText(value, codingPath: codingPath, into: place) }
    mutating func encode(_ value: Int) throws { recording.addText(String(value), codingPath: codingPath, into: place) }
    mutating func encode(_ value: Double) throws { recording.addText(String(value), codingPath: codingPath, into: place) }
    mutating func encode<T: Encodable>(_ value: T) throws { try recording.encode(value, codingPath: codingPath, into: place) }
}
