import Foundation
import ListorKit
import Transistors

/// What `transistors/browser.mustache` shows: the list with its form, and the detail beside it
/// when a part is open. Built from the view models; the template only places it.
struct TransistorBrowserPage: Encodable {
    struct Field: Encodable {
        let name: String
        let value: String
        let error: String?
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
        /// An http or https address only: the page never links to another scheme.
        let datasheetURL: String?
        let source: String?
        let compareHref: String
        let substitutes: Substitutes
    }

    /// The detail's "Substitutes" section: the best few shown, the rest behind a disclosure.
    struct Substitutes: Encodable {
        struct Row: Encodable {
            let partNumber: String
            let href: String
            let compareHref: String
            let fit: String
            let fitClass: String
            let figures: String
            let reasons: [String]
            let warnings: [String]
        }

        let summary: String
        let first: [Row]
        let hasFirst: Bool
        let rest: [Row]
        let hasRest: Bool
        let restCount: Int
        /// The number the rest's list starts at.
        let restStart: Int
        static let shownFirst = 5

        init(_ viewModel: SubstitutesViewModel, query: String) {
            let rows = viewModel.rows.map { row in
                Row(partNumber: row.partNumber, href: TransistorBrowserPage.detailPath(row.partNumber, query: query),
                    compareHref: TransistorBrowserPage.comparePath([viewModel.original, row.partNumber]),
                    fit: row.fit, fitClass: row.isVerified ? row.placement.replacingOccurrences(of: " ", with: "-") : "unverified",
                    figures: [row.maxVoltage, row.maxCurrent, row.package + (row.pinout.isEmpty ? "" : " " + row.pinout)].joined(separator: " · "),
                    reasons: row.reasons, warnings: row.warnings)
            }
            summary = viewModel.summary
            first = Array(rows.prefix(Self.shownFirst))
            hasFirst = !first.isEmpty
            rest = Array(rows.dropFirst(Self.shownFirst))
            hasRest = !rest.isEmpty
            restCount = rest.count
            restStart = first.count + 1
        }
    }

    let title: String
    let search: Field
    let minVoltage: Field
    let minCurrent: Field
    let familyError: String?
    let dopingError: String?
    let sortError: String?
    /// "page: …", shown with the summary: the page has no field of its own.
    let pageError: String?
    /// The `<option>`s of each select.
    let families: HTMLFragment
    let dopings: HTMLFragment
    let packages: HTMLFragment
    let sorts: HTMLFragment
    /// This page's table rows, one `transistors/row.mustache` each.
    let rows: HTMLFragment
    let hasRows: Bool
    let summary: String
    let emptyMessage: String?
    let hasErrors: Bool
    /// Each token of the search that could not be used, with why.
    let searchErrors: [String]
    let hasSearchErrors: Bool
    let detail: Detail?
    /// The list with the same query: "back to results".
    let listHref: String
    /// The matching parts as files.
    let csvHref: String
    let jsonHref: String
    /// "Page 2 of 20" with its neighbours, when the matches take more than one page.
    let hasPages: Bool
    let pageNumber: Int
    let pageCount: Int
    let previousHref: String?
    let nextHref: String?

    init(_ listing: (TransistorListViewModel, [FieldError]), input: TransistorQuery.Input,
         detail: (TransistorDetailViewModel, SubstitutesViewModel)?, templates: Templates) throws {
        let (viewModel, errors) = listing
        let page = try viewModel.page
        let query = Self.queryString(input)
        func error(_ field: TransistorQuery.Field) -> String? { errors.first { $0.field == field.rawValue }?.message }

        title = detail.map { "\($0.0.partNumber) – Transistor Listor" } ?? "Transistor Listor"
        search = Field(name: "search", value: input.search ?? "", error: nil)
        minVoltage = Field(name: TransistorQuery.Field.minVoltage.rawValue, value: input.minVoltage ?? "", error: error(.minVoltage))
        minCurrent = Field(name: TransistorQuery.Field.minCurrent.rawValue, value: input.minCurrent ?? "", error: error(.minCurrent))
        searchErrors = errors.filter { $0.field == TransistorQuery.Field.search.rawValue }.map(\.message)
        hasSearchErrors = !searchErrors.isEmpty
        familyError = error(.family)
        dopingError = error(.doping)
        sortError = error(.sort)
        pageError = error(.page).map { "page: \($0)" }
        families = try templates.options([Choice(value: "", label: "Any family", selected: viewModel.query.family == nil)]
            + page.familyCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) })
        dopings = try templates.options([Choice(value: "", label: "Any doping", selected: viewModel.query.doping == nil)]
            + [("n", "N-type, any family"), ("p", "P-type, any family")].map { value, label in
                Choice(value: value, label: label, selected: viewModel.query.doping?.rawValue == value)
            }
            + page.dopingCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) })
        packages = try templates.options([Choice(value: "", label: "Any package", selected: viewModel.query.package == nil)]
            + page.packageCounts.map { Choice(value: $0.value, label: "\($0.label) (\($0.count))", selected: $0.isSelected) })
        // The default order has an empty value, so a plain search leaves no "sort=part" in the URL.
        sorts = try templates.options(TransistorSort.allCases.map { sort in
            Choice(value: sort == .partNumber ? "" : sort.rawValue, label: sort.label, selected: viewModel.query.sort == sort)
        })
        let openPart = detail?.0.partNumber
        self.rows = try templates.fragment(each: page.transistors.map { TransistorRowLink($0, query: query, isOpen: $0.partNumber == openPart) },
                                           as: .transistorsRow)
        hasRows = !page.transistors.isEmpty
        summary = page.summary
        emptyMessage = page.emptyMessage
        hasErrors = !errors.isEmpty
        listHref = "/transistors" + (query.isEmpty ? "" : "?" + query)
        // A download is every match, whichever page is showing.
        let matches = Self.queryString(input.onPage(nil))
        csvHref = "/api/transistors?" + (matches.isEmpty ? "" : matches + "&") + "format=csv"
        jsonHref = "/api/transistors?" + (matches.isEmpty ? "" : matches + "&") + "format=json"
        hasPages = page.pageCount > 1
        pageNumber = page.pageNumber
        pageCount = page.pageCount
        func pageHref(_ number: Int) -> String {
            let query = Self.queryString(input.onPage(number))
            return "/transistors" + (query.isEmpty ? "" : "?" + query)
        }
        previousHref = page.previousPage.map(pageHref)
        nextHref = page.nextPage.map(pageHref)
        self.detail = detail.map { detail, substitutes in
            Detail(partNumber: detail.partNumber, subtitle: detail.subtitle, use: detail.use, sections: detail.sections,
                   pins: detail.pins, hasPins: !detail.pins.isEmpty,
                   complementHref: detail.complement.map { Self.detailPath($0, query: query) }, complement: detail.complement,
                   datasheetURL: detail.datasheetURL, source: detail.source, compareHref: Self.comparePath([detail.partNumber]), substitutes: Substitutes(substitutes, query: query))
        }
    }

    /// The query as typed, without empty fields, so that links and bookmarks carry it.
    static func queryString(_ input: TransistorQuery.Input) -> String {
        let pairs: [(TransistorQuery.Field, String?)] = [
            (.search, input.search), (.family, input.family), (.doping, input.doping), (.package, input.package),
            (.minVoltage, input.minVoltage), (.minCurrent, input.minCurrent), (.sort, input.sort), (.page, input.page),
        ]
        return URLQuery.encode(pairs.compactMap { field, value in
            guard let value, !value.isEmpty else { return nil }
            return (field.rawValue, value)
        })
    }

    /// `/transistors/compare?parts=BC547,2N3904`: each part encoded, the commas left as they are.
    static func comparePath(_ partNumbers: [String]) -> String {
        "/transistors/compare?parts=" + partNumbers.map { String(URLQuery.encode([("", $0)]).dropFirst()) }.joined(separator: ",")
    }

    static func detailPath(_ partNumber: String, query: String) -> String {
        // Part numbers are nearly always letters, digits and dashes, which need no encoding.
        let plain = partNumber.utf8.allSatisfy { $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "_") }
        let encoded = plain ? partNumber : partNumber.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))) ?? partNumber
        return "/transistors/\(encoded)" + (query.isEmpty ? "" : "?" + query)
    }
}

private extension TransistorQuery.Input {
    /// The same query on another page; nil or the first page leaves the page out of the URL.
    func onPage(_ number: Int?) -> Self {
        var input = self
        input.page = number.flatMap { $0 > 1 ? String($0) : nil }
        return input
    }
}

private extension UInt8 {
    var isASCIIAlphanumeric: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self)
    }
}
