import Foundation
import ListorKit

/// What the user asked the list for: a search, filters and a sort order.
public struct TransistorQuery: Sendable, Hashable {
    public var search: String
    public var family: TransistorFamily?
    public var doping: DopingFilter?
    public var package: Package?
    /// Volts; parts rated below are left out.
    public var minVoltage: Double?
    /// Amperes; parts rated below are left out.
    public var minCurrent: Double?
    public var sort: TransistorSort
    /// Which page of the list, from 1; a page past the end shows the last.
    public var page: Int

    /// Pages beyond this are refused rather than computed: no catalog is that long.
    public static let maximumPage = 1_000_000

    public init(search: String = "", family: TransistorFamily? = nil, doping: DopingFilter? = nil, package: Package? = nil,
                minVoltage: Double? = nil, minCurrent: Double? = nil, sort: TransistorSort = .partNumber, page: Int = 1) {
        self.search = search
        self.family = family
        self.doping = doping
        self.package = package
        self.minVoltage = minVoltage
        self.minCurrent = minCurrent
        self.sort = sort
        self.page = page
    }

    /// The query as typed: command-line options or URL parameters, each optional.
    public struct Input: Sendable, Hashable {
        public var search, family, doping, package, minVoltage, minCurrent, sort, page: String?

        public init(search: String? = nil, family: String? = nil, doping: String? = nil, package: String? = nil,
                    minVoltage: String? = nil, minCurrent: String? = nil, sort: String? = nil, page: String? = nil) {
            self.search = search
            self.family = family
            self.doping = doping
            self.package = package
            self.minVoltage = minVoltage
            self.minCurrent = minCurrent
            self.sort = sort
            self.page = page
        }
    }

    /// Field names as the JSON API and URLs spell them; the CLI maps them to its options.
    public enum Field: String, Sendable, CaseIterable {
        case search, family, doping, package, sort, page
        case minVoltage = "min_voltage"
        case minCurrent = "min_current"
    }

    /// Reads what was typed. Each bad value becomes a `FieldError` and is left out of the
    /// query, so the list still shows with the good ones.
    public static func parse(_ input: Input) -> (query: TransistorQuery, errors: [FieldError]) {
        var query = TransistorQuery(search: input.search ?? "")
        var errors: [FieldError] = []
        func error(_ field: Field, _ message: String) { errors.append(FieldError(field: field.rawValue, message: message)) }
        // The search's own language: each token it cannot use is named; the rest applies.
        for problem in SearchExpression.parse(query.search).problems { error(.search, "\(problem.field): \(problem.message)") }

        if let text = nonEmpty(input.family) {
            if let family = TransistorFamily.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() }) {
                query.family = family
            } else {
                error(.family, "\"\(text)\" is not a family; use bjt, mosfet or jfet")
            }
        }
        if let text = nonEmpty(input.doping) {
            if let doping = DopingFilter(text) {
                if let family = query.family, !doping.families.contains(family) {
                    let choices = DopingFilter.allCases.filter { $0.families.contains(family) && $0.family != nil }.map(\.rawValue).joined(separator: " or ")
                    let families = doping.families.map(\.rawValue).joined(separator: " or ")
                    error(.doping, "\(doping.rawValue) is a \(families) doping; for \(family.rawValue) use \(choices)")
                } else {
                    query.doping = doping
                }
            } else {
                let choices = DopingFilter.allCases.map(\.rawValue).joined(separator: ", ")
                error(.doping, "\"\(text)\" is not a doping; use one of \(choices)")
            }
        }
        if let text = nonEmpty(input.package) { query.package = Package(text) }
        if let text = nonEmpty(input.minVoltage) {
            do { query.minVoltage = try Quantity.parse(text, as: .volt).value } catch { errors.append(FieldError(field: Field.minVoltage.rawValue, message: error.description)) }
        }
        if let text = nonEmpty(input.minCurrent) {
            do { query.minCurrent = try Quantity.parse(text, as: .ampere).value } catch { errors.append(FieldError(field: Field.minCurrent.rawValue, message: error.description)) }
        }
        if let text = nonEmpty(input.sort) {
            if let sort = TransistorSort(text) {
                query.sort = sort
            } else {
                let names = TransistorSort.allCases.filter { !$0.descending }.map(\.rawValue).joined(separator: ", ")
                error(.sort, "\"\(text)\" is not a sort order; use one of \(names), each with - before it for highest first")
            }
        }
        if let text = nonEmpty(input.page) {
            if let page = Int(digits: text), (1...maximumPage).contains(page) {
                query.page = page
            } else {
                error(.page, "\"\(text.prefix(20))\" is not a page number; pages are counted from 1")
            }
        }
        return (query, errors)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmed(), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}
