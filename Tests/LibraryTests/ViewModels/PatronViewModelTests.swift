import Foundation
import ListorKit
import Testing
@testable import Library

/// A patron's page writes dates as the book pages do.
@Suite struct PatronViewModelTests {
    @Test func aPatronsLoansAndHoldsAreDatedAsTheBookPagesDateThem() async throws {
        try await StoreKind.sqlite.withStore { store in
            let clock = TestClock()
            let library = LocalLibrary(store: store, now: { clock.now })
            let dune = try await library.add(BookForm(title: "Dune", author: "Frank Herbert"))
            let emma = try await library.add(BookForm(title: "Emma", author: "Jane Austen"))
            let ann = try await library.addPatron(PatronForm(name: "Ann Smith", card: "C-1"))
            let ben = try await library.addPatron(PatronForm(name: "Ben Okri", card: "C-2"))
            _ = try await library.checkOut(book: dune.id, to: .id(ann.id), due: nil, ifVersion: nil)
            _ = try await library.checkOut(book: emma.id, to: .id(ben.id), due: nil, ifVersion: nil)
            _ = try await library.placeHold(on: emma.id, for: .id(ann.id))
            _ = try await library.checkIn(book: emma.id)
            let utc = TimeZone(identifier: "UTC")!
            let page = try await PatronViewModel.load(ann.id, from: library, now: clock.now, timeZone: utc)
            #expect(page.current.map(\.checkedOut) == ["Nov 3, 2026 at 4:06 PM"])
            #expect(page.current.map(\.due) == ["Nov 17, 2026"])
            let detail = BookDetailViewModel(book: try await library.book(id: dune.id), loans: [], now: clock.now, timeZone: utc)
            #expect(detail.checkoutText == "Checked out by Ann Smith on \(page.current[0].checkedOut)" && detail.dueText == "Due \(page.current[0].due)")
            #expect(page.holds.map(\.state).first?.hasPrefix("set aside until Nov ") == true, "\(page.holds.map(\.state))")
        }
    }
}
