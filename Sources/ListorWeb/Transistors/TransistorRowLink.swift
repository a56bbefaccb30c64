import Foundation
import ListorKit
import Transistors

/// What `transistors/row.mustache` shows: one part of the list's page, its link carrying the
/// list's query so the detail keeps it.
struct TransistorRowLink: Encodable {
    let partNumber: String
    let href: String
    let family: String
    let doping: String
    let maxVoltage: String
    let maxCurrent: String
    let package: String
    let use: String
    /// The part shown beside the list.
    let isOpen: Bool

    init(_ transistor: any Transistor, query: String, isOpen: Bool) {
        let row = TransistorListViewModel.row(transistor)
        partNumber = row.partNumber
        href = TransistorBrowserPage.detailPath(row.partNumber, query: query)
        family = row.family
        doping = row.doping
        maxVoltage = row.maxVoltage
        maxCurrent = row.maxCurrent
        package = row.package
        use = row.use
        self.isOpen = isOpen
    }
}
