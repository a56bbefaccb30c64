import Foundation
import Library
import ListorKit
import Tagged
import Testing

/// A book's uploaded cover in each store: kept with its colours, replaced, removed, and gone
/// with its book.
@Suite struct CoverStoreTests {
    static let colors = CoverColors(background: RGBColor(red: 24, green: 32, blue: 88), primary: .white, secondary: RGBColor(red: 248, green: 216, blue: 40),
                                    detail: RGBColor(red: 120, green: 232, blue: 240))

    @Test(arguments: StoreKind.allCases)
    func aCoverIsKeptReplacedAndRemoved(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let book = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"))
            #expect(book.hasCover == false)
            #expect(try await store.cover(of: book.id) == nil)

            let jpeg = StoredCover(mediaType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 1, 2, 255], colors: Self.colors)
            let covered = try await store.setCover(jpeg, of: book.id)
            #expect(covered.hasCover)
            #expect(covered.version == book.version + 1, "the ETag and the cover's address change")
            #expect(try await store.cover(of: book.id) == jpeg)
            #expect(try await store.book(id: book.id)?.hasCover == true)

            let png = StoredCover(mediaType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47], colors: nil)
            _ = try await store.setCover(png, of: book.id)
            #expect(try await store.cover(of: book.id) == png)

            let bare = try await store.setCover(nil, of: book.id)
            #expect(bare.hasCover == false)
            #expect(try await store.cover(of: book.id) == nil)

            _ = try await store.setCover(jpeg, of: book.id)
            try await store.delete(id: book.id, expectedVersion: nil)
            await #expect(throws: LibraryError.notFound(id: book.id)) { try await store.cover(of: book.id) }
            await #expect(throws: LibraryError.notFound(id: Book.ID(rawValue: 999))) { try await store.setCover(jpeg, of: Book.ID(rawValue: 999)) }
        }
    }

    /// A cover written with the fields and a loan is one write: a refused loan takes the new
    /// fields and the new cover with it; a stale version changes nothing.
    @Test(arguments: StoreKind.allCases)
    func aCoverIsWrittenWithTheRestOrNotAtAll(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let jpeg = StoredCover(mediaType: "image/jpeg", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 9], colors: Self.colors)
            let added = try await store.insert(BookFields(title: "Dune", author: "Frank Herbert"), checkout: nil, cover: jpeg)
            #expect(added.hasCover && added.coverColors == Self.colors, "the colours come with the book, for lists")
            let date = Date(timeIntervalSince1970: 1_793_721_960)
            _ = try await store.checkOut(id: added.id, Checkout(borrower: "Ann", date: date, due: date.addingTimeInterval(86400)), expectedVersion: nil)
            let out = try #require(try await store.book(id: added.id))

            let png = StoredCover(mediaType: "image/png", bytes: [0x89, 0x50, 0x4E, 0x47], colors: nil)
            await #expect(throws: LibraryError.self) {
                try await store.update(id: out.id, BookFields(title: "Dune Messiah", author: "Frank Herbert"),
                                       lend: .lending(Checkout(borrower: "Ben", date: date, due: date.addingTimeInterval(86400))), cover: .set(png),
                                       expectedVersion: out.version)
            }
            #expect(try await store.book(id: out.id) == out, "neither the title nor the cover changed")
            #expect(try await store.cover(of: out.id) == jpeg)

            await #expect(throws: LibraryError.versionMismatch(id: out.id, current: out.version)) {
                try await store.setCover(.remove, of: out.id, expectedVersion: out.version - 1)
            }
            let bare = try await store.update(id: out.id, BookFields(title: "Dune", author: "Frank Herbert"), lend: nil, cover: .remove, expectedVersion: out.version)
            #expect(!bare.hasCover && bare.coverColors == nil)
            #expect(bare.version == out.version + 2, "the edit and the cover each count")
        }
    }

    @Test func colorsKeepAsText() {
        #expect(Self.colors.text == "#182058 #FFFFFF #F8D828 #78E8F0")
        #expect(CoverColors(text: Self.colors.text) == Self.colors)
        #expect(CoverColors(text: "#182058 #FFFFFF") == nil)
    }
}
