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

    @Test func colorsKeepAsText() {
        #expect(Self.colors.text == "#182058 #FFFFFF #F8D828 #78E8F0")
        #expect(CoverColors(text: Self.colors.text) == Self.colors)
        #expect(CoverColors(text: "#182058 #FFFFFF") == nil)
    }
}
