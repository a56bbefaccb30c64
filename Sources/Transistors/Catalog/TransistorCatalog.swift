import Foundation
import ListorKit

/// A loaded catalog: the transistors that decoded, and a problem for each entry that did not.
public struct TransistorCatalog: Sendable {
    public let transistors: [any Transistor]
    public let problems: [Problem]
    private let indexByPartNumber: [String: Int]

    public init(transistors: [any Transistor], problems: [Problem] = []) {
        var index: [String: Int] = [:]
        for (position, transistor) in transistors.enumerated() {
            index[TransistorCatalog.key(transistor.partNumber)] = position
        }
        self.init(transistors: transistors, problems: problems, indexByPartNumber: index)
    }

    /// For the decoder, which has built the index already while looking for duplicates.
    init(transistors: [any Transistor], problems: [Problem], indexByPartNumber: [String: Int]) {
        self.transistors = transistors
        self.problems = problems
        self.indexByPartNumber = indexByPartNumber
    }

    /// Looks a part up without regard to case: "bc547" finds BC547.
    public func transistor(partNumber: String) -> (any Transistor)? {
        indexByPartNumber[TransistorCatalog.key(partNumber)].map { transistors[$0] }
    }

    static func key(_ partNumber: String) -> String {
        partNumber.trimmed().uppercased()
    }
}
