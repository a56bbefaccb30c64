import ListorKit

/// A template rendered once by swift-mustache for one page shape, kept as literal bytes with
/// numbered slots between them. Filling the slots is a copy and an escape per value, where
/// swift-mustache looks every variable up through dynamic casts on each request.
///
/// Every text slot is escaped, also where a template wrote `{{{…}}}`; only `HTMLFragment`
/// values go in unescaped.
struct CompiledTemplate: Sendable {
    enum Piece: Sendable, Equatable {
        case literal([UInt8])
        case slot(Int)
    }

    let pieces: [Piece]
    /// Each slot's place in the page ("rows.2.href").
    let slotPaths: [String]
    /// A guess of the output size, so rendering allocates once.
    let sizeHint: Int

    init(pieces: [Piece], slotPaths: [String], sizeHint: Int) {
        self.pieces = pieces
        self.slotPaths = slotPaths
        self.sizeHint = sizeHint
    }

    // Noncharacters: never in text a page shows, and left alone by the escaper.
    private static let open = String(Unicode.Scalar(0xFDD0)!), close = String(Unicode.Scalar(0xFDD1)!)
    private static let openBytes = Array(open.utf8), closeBytes = Array(close.utf8)

    static func marker(_ slot: Int) -> String { open + String(slot) + close }

    /// Splits what swift-mustache rendered for a probe at its slot markers.
    static func compile(rendered: String, slotPaths: [String], template: String) throws -> CompiledTemplate {
        let bytes = Array(rendered.utf8)
        var pieces: [Piece] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index...].starts(with: openBytes) else {
                literal.append(bytes[index])
                index += 1
                continue
            }
            var end = index + openBytes.count
            var number = 0
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < slotPaths.count {
                number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                end += 1
            }
            guard end > index + openBytes.count, bytes[end...].starts(with: closeBytes), number < slotPaths.count else {
                throw TemplateError(name: template, reason: "a value was changed on its way into the page (a lambda or transform?); compiled pages take values as they are")
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = []
            pieces.append(.slot(number))
            index = end + closeBytes.count
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        return CompiledTemplate(pieces: pieces, slotPaths: slotPaths, sizeHint: bytes.count)
    }

    func render(_ slots: [Slot], into output: inout [UInt8]) {
        for piece in pieces {
            switch piece {
            case .literal(let bytes):
                output.append(contentsOf: bytes)
            case .slot(let index):
                Self.append(slots[index], to: &output)
            }
        }
    }

    private static func append(_ slot: Slot, to output: inout [UInt8]) {
        switch slot {
        case .text(let text): HTMLEscaping.append(text, to: &output)
        case .html(let html): output.append(contentsOf: html.bytes)
        }
    }

    func render(_ slots: [Slot]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(sizeHint * 2)
        render(slots, into: &output)
        return output
    }
}
