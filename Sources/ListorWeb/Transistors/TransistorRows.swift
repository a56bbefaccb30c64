import Foundation
import ListorKit
import Transistors

/// The rows of the transistor table. The catalog does not change while the server runs, so
/// each part's row is rendered from `transistors/row.mustache` once, at start-up, with only
/// the query in its link left to fill per request.
struct TransistorRows: Sendable {
    /// What `transistors/row.mustache` shows.
    struct Row: Encodable {
        let partNumber: String
        let path: String
        /// "?search=…" or empty: the list's query, which the detail page keeps.
        let query: String
        let family: String
        let doping: String
        let maxVoltage: String
        let maxCurrent: String
        let package: String
        let use: String
        let isOpen: Bool

        init(_ transistor: any Transistor, query: String, isOpen: Bool) {
            let row = TransistorListViewModel.row(transistor)
            partNumber = row.partNumber
            path = TransistorBrowserPage.detailPath(row.partNumber, query: "")
            self.query = query
            family = row.family
            doping = row.doping
            maxVoltage = row.maxVoltage
            maxCurrent = row.maxCurrent
            package = row.package
            use = row.use
            self.isOpen = isOpen
        }
    }

    /// A row's markup, with the offsets where the query goes.
    private struct Prerendered: Sendable {
        let bytes: [UInt8]
        let holes: [Int]

        init(_ template: CompiledTemplate) {
            (bytes, holes) = template.holes
        }

        func render(query: [UInt8], into output: inout [UInt8]) {
            bytes.withUnsafeBufferPointer { bytes in
                var start = 0
                for hole in holes {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<hole]))
                    output.append(contentsOf: query)
                    start = hole
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
            }
        }
    }

    /// Closed and open (the part shown beside the list) rows by part number.
    private let closed: [String: Prerendered]
    private let open: [String: Prerendered]

    init(catalog: TransistorCatalog?, templates: Templates) throws {
        var closed: [String: Prerendered] = [:]
        var open: [String: Prerendered] = [:]
        for transistor in catalog?.transistors ?? [] {
            func row(isOpen: Bool) throws -> Prerendered {
                Prerendered(try templates.prerender(Row(transistor, query: "?", isOpen: isOpen), as: "transistors/row", leavingOpen: ["query"]))
            }
            closed[transistor.partNumber] = try row(isOpen: false)
            open[transistor.partNumber] = try row(isOpen: true)
        }
        self.closed = closed
        self.open = open
    }

    func html(_ transistors: [any Transistor], query: String, openPart: String?, templates: Templates) throws -> HTMLFragment {
        let linkQuery = query.isEmpty ? "" : "?" + query
        let escapedQuery = HTMLEscaping.escaped(linkQuery)
        var html: [UInt8] = []
        html.reserveCapacity(transistors.count * 400)
        for transistor in transistors {
            let partNumber = transistor.partNumber
            let isOpen = partNumber == openPart
            if let row = isOpen ? open[partNumber] : closed[partNumber] {
                row.render(query: escapedQuery, into: &html)
            } else {
                html += try templates.render(Row(transistor, query: linkQuery, isOpen: isOpen), as: "transistors/row")
            }
        }
        return HTMLFragment(bytes: html)
    }
}
