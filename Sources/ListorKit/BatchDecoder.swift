import Dispatch
import Foundation
import Synchronization

/// Decodes a JSON array item by item, so that a bad item becomes a `Problem` and the rest survive.
public struct BatchDecoder: Sendable {
    public init() {}

    /// - Parameter itemName: names an item in reports when its own decoding failed (a part number).
    public func decode<Item: Decodable & Sendable>(
        _ type: Item.Type,
        from bytes: some Collection<UInt8>,
        itemName: (JSONValue) -> String? = { _ in nil }
    ) throws(BatchDecodingError) -> PartialResult<Item> {
        decode(type, elements: try elements(of: bytes), itemName: itemName)
    }

    /// The elements of the top-level array, or why there is no such array.
    public func elements(of bytes: some Collection<UInt8>) throws(BatchDecodingError) -> [JSONValue] {
        if bytes.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) { throw .empty }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .notJSON(error)
        }
        guard case .array(let elements) = document else { throw .notAnArray(found: document.summary) }
        return elements
    }

    public func decode<Item: Decodable & Sendable>(
        _ type: Item.Type,
        elements: [JSONValue],
        itemName: (JSONValue) -> String? = { _ in nil }
    ) -> PartialResult<Item> {
        let decoder = JSONValueDecoder()
        return decodeEach(elements, itemName: itemName) { try decoder.decode(type, from: $0) }
    }

    /// Items that read themselves from JSON skip the `Decoder` machinery entirely.
    public func decode<Item: JSONValueDecodable & Sendable>(
        _ type: Item.Type,
        elements: [JSONValue],
        itemName: (JSONValue) -> String? = { _ in nil }
    ) -> PartialResult<Item> {
        decodeEach(elements, itemName: itemName) { try Item(json: $0, codingPath: []) }
    }

    /// Parses and decodes a large array on every core: the array is cut into runs of whole
    /// elements and each thread parses, decodes and frees its own run. (A pipeline that
    /// parsed on one thread and decoded on another was no faster: freeing memory allocated
    /// by another thread serialises both on the allocator.) Small inputs take one thread.
    public func decodeConcurrently<Item: JSONValueDecodable & Sendable>(
        _ type: Item.Type,
        from bytes: some Collection<UInt8>,
        itemName: @escaping @Sendable (JSONValue) -> String? = { _ in nil }
    ) throws(BatchDecodingError) -> PartialResult<Item> {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let attempt: Result<PartialResult<Item>, BatchDecodingError>?? = bytes.withContiguousStorageIfAvailable { buffer in
            guard buffer.count >= 1 << 20, let runs = JSONParser.arrayRuns(in: buffer, parts: cores) else { return nil }
            return Result { () throws(BatchDecodingError) in try decode(runs: runs, in: buffer, itemName: itemName) }
        }
        if let attempt = attempt ?? nil { return try attempt.get() }
        return try decode(type, elements: elements(of: bytes), itemName: itemName)
    }

    private func decode<Item: JSONValueDecodable & Sendable>(
        runs: [JSONParser.ArrayRun],
        in buffer: UnsafeBufferPointer<UInt8>,
        itemName: @escaping @Sendable (JSONValue) -> String?
    ) throws(BatchDecodingError) -> PartialResult<Item> {
        let outcomes = Mutex([Result<(count: Int, result: PartialResult<Item>), JSONSyntaxError>?](repeating: nil, count: runs.count))
        let base = UInt(bitPattern: buffer.baseAddress)
        let count = buffer.count
        DispatchQueue.concurrentPerform(iterations: runs.count) { part in
            // The buffer outlives this call: `concurrentPerform` returns only when every part is done.
            let buffer = UnsafeBufferPointer(start: UnsafePointer<UInt8>(bitPattern: base), count: count)
            // Each element is decoded as soon as it is parsed: its tree is freed before the next
            // is read, so the items end up packed together rather than between dead trees.
            let outcome = Result { () throws(JSONSyntaxError) in
                var result = PartialResult<Item>()
                var count = 0
                try JSONParser.forEachElement(of: runs[part], in: buffer) { element in
                    decode(element, index: count, into: &result, itemName: itemName) { try Item(json: $0, codingPath: []) }
                    count += 1
                }
                return (count: count, result: result)
            }
            outcomes.withLock { $0[part] = outcome }
        }
        var total = PartialResult<Item>()
        var offset = 0
        for outcome in outcomes.withLock({ $0 }) {
            guard let outcome else { continue }
            switch outcome {
            case .failure(let error):
                throw .notJSON(error)  // the first failing run is the earliest error in the text
            case .success(let (count, part)):
                total.items.append(contentsOf: part.items)
                total.problems.append(contentsOf: part.problems.map { problem in
                    var problem = problem
                    problem.index = problem.index.map { $0 + offset }
                    return problem
                })
                offset += count
            }
        }
        return total
    }

    private func decodeEach<Item: Sendable>(
        _ elements: [JSONValue],
        itemName: (JSONValue) -> String?,
        decodeItem: (JSONValue) throws -> Item
    ) -> PartialResult<Item> {
        var result = PartialResult<Item>()
        result.items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            decode(element, index: index, into: &result, itemName: itemName, decodeItem: decodeItem)
        }
        return result
    }

    /// One element: its item, or a problem naming it by its place and, if it has one, its name.
    private func decode<Item: Sendable>(
        _ element: JSONValue, index: Int, into result: inout PartialResult<Item>,
        itemName: (JSONValue) -> String?, decodeItem: (JSONValue) throws -> Item
    ) {
        do {
            result.items.append(try decodeItem(element))
        } catch let error as DecodingError {
            result.problems.append(Problem(decodingError: error, index: index, itemName: itemName(element)))
        } catch {
            result.problems.append(Problem(index: index, itemName: itemName(element), reason: "\(error)"))
        }
    }
}
