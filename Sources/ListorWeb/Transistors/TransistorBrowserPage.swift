import Foundation
import ListorKit
import Mustache
import Transistors

/// What `transistors/browser.mustache` shows: the list with its form, and the detail beside it
/// when a part is open. Built from the view models; the template only places it.
struct TransistorBrowserPage: Encodable {
    struct Choice: Encodable {
        let value: String
        let label: String
        let selected: Bool
    }

    struct Field: Encodable {
        let name: String
        let value: String
        let error: String?
    }

    struct Row: Encodable {
        let partNumber: String
        let href: String
        let family: String
        let doping: String
        let maxVoltage: String
        let maxCurrent: String
        let package: String
        let use: String
        let isOpen: Bool
    }

    struct Detail: Encodable {
        let partNumber: String
        let subtitle: String
        let use: String
        let sections: [DetailSection]
        let pins: [PinRow]
        let hasPins: Bool
        let complementHref: String?
        let complement: String?
    }

    let title: String
    let search: Field
    let minVoltage: Field
    let minCurrent: Field
    let familyError: String?
    let dopingError: String?
    let sortError: String?
    let families: [Choice]
    let dopings: [Choice]
    let packages: [Choice]
    let sorts: [Choice]
    let rows: [Row]
    let hasRows: Bool
    let summary: String
    let emptyMessage: String?
    let hasErrors: Bool
    let detail: Detail?
    /// The list with the same query: "back to results".
    let listHref: String

    init(_ listing: (TransistorListViewModel, [FieldError]), input: TransistorQuery.Input, detail: TransistorDetailViewModel?) {
        let (viewModel, errors) = listing
        let page = viewModel.page
        let query = Self.queryString(input)
        func error(_ field: TransistorQuery.Field) -> String? { errors.first { $0.field == field.rawValue }?.message }

        title = detail.map { "\($0.partNumber) – Transistor Listor" } ?? "Transistor Listor"
        search = Field(name: "search", value: input.search ?? "", error: nil)
        minVoltage = Field(name: TransistorQuery.Field.minVoltage.rawValue, value: input.minVoltage ?? "", error: error(.minVoltage))
        minCurrent = Field(name: TransistorQuery.Field.minCurrent.rawValue, value: input.minCurrent ?? "", error: error(.minCurrent))
        familyError = error(.family)
        dopingError = error(.doping)
        sortError = error(.sort)
        families = [Choice(value: "", label: "Any family", selected: viewModel.query.family == nil)]
            + page.familyCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) }
        dopings = [Choice(value: "", label: "Any doping", selected: viewModel.query.doping == nil)]
            + [("n", "N-type, any family"), ("p", "P-type, any family")].map { value, label in
                Choice(value: value, label: label, selected: viewModel.query.doping?.rawValue == value)
            }
            + page.dopingCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) }
        packages = [Choice(value: "", label: "Any package", selected: viewModel.query.package == nil)]
            + page.packageCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) }
        // The default order has an empty value, so a plain search leaves no "sort=part" in the URL.
        sorts = TransistorSort.allCases.map { sort in
            Choice(value: sort == .partNumber ? "" : sort.rawValue, label: sort.label, selected: viewModel.query.sort == sort)
        }
        rows = page.rows.map { row in
            Row(partNumber: row.partNumber, href: Self.detailPath(row.partNumber, query: query), family: row.family, doping: row.doping,
                maxVoltage: row.maxVoltage, maxCurrent: row.maxCurrent, package: row.package, use: row.use,
                isOpen: row.partNumber == detail?.partNumber)
        }
        hasRows = !rows.isEmpty
        summary = page.summary
        emptyMessage = page.emptyMessage
        hasErrors = !errors.isEmpty
        listHref = "/transistors" + (query.isEmpty ? "" : "?" + query)
        self.detail = detail.map { detail in
            Detail(partNumber: detail.partNumber, subtitle: detail.subtitle, use: detail.use, sections: detail.sections,
                   pins: detail.pins, hasPins: !detail.pins.isEmpty,
                   complementHref: detail.complement.map { Self.detailPath($0, query: query) }, complement: detail.complement)
        }
    }

    /// The query as typed, without empty fields, so that links and bookmarks carry it.
    static func queryString(_ input: TransistorQuery.Input) -> String {
        let pairs: [(TransistorQuery.Field, String?)] = [
            (.search, input.search), (.family, input.family), (.doping, input.doping), (.package, input.package),
            (.minVoltage, input.minVoltage), (.minCurrent, input.minCurrent), (.sort, input.sort),
        ]
        var components = URLComponents()
        components.queryItems = pairs.compactMap { field, value in
            guard let value, !value.isEmpty else { return nil }
            return URLQueryItem(name: field.rawValue, value: value)
        }
        // "+" means a space in form-encoded queries; keep a typed "+" a plus.
        return (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
    }

    static func detailPath(_ partNumber: String, query: String) -> String {
        // Part numbers are nearly always letters, digits and dashes, which need no encoding.
        let plain = partNumber.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
        let encoded = plain ? partNumber : partNumber.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? partNumber
        return "/transistors/\(encoded)" + (query.isEmpty ? "" : "?" + query)
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
    }
}

// MARK: - Template lookups without reflection

// swift-mustache finds a variable through `Mirror` unless the value answers by name; the list
// renders these once per row and per option, so they answer directly.
extension TransistorBrowserPage.Row: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "partNumber": partNumber
        case "href": href
        case "family": family
        case "doping": doping
        case "maxVoltage": maxVoltage
        case "maxCurrent": maxCurrent
        case "package": package
        case "use": use
        case "isOpen": isOpen
        default: nil
        }
    }
}

extension TransistorBrowserPage.Choice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "value": value
        case "label": label
        case "selected": selected
        default: nil
        }
    }
}

extension TransistorBrowserPage.Field: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        case "error": error
        default: nil
        }
    }
}

extension TransistorBrowserPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "search": search
        case "minVoltage": minVoltage
        case "minCurrent": minCurrent
        case "familyError": familyError
        case "dopingError": dopingError
        case "sortError": sortError
        case "families": families
        case "dopings": dopings
        case "packages": packages
        case "sorts": sorts
        case "rows": rows
        case "hasRows": hasRows
        case "summary": summary
        case "emptyMessage": emptyMessage
        case "hasErrors": hasErrors
        case "detail": detail
        case "listHref": listHref
        default: nil
        }
    }
}
