import Mustache
import Testing
@testable import ListorWeb

@Suite struct TemplateTests {
    /// Every template a page is rendered with (each `TemplateName`) is asked for at the start.
    @Test func aMissingTemplateStopsStartUpNotARequest() throws {
        var library = MustacheLibrary()
        try library.register("{{title}}", named: "layout")
        #expect {
            try Templates(library: library)
        } throws: { error in
            (error as? TemplateError)?.description == "template browser/address-bar: no such template"
        }
    }

    @Test func theBuiltTemplatesAllLoad() async throws {
        _ = try await Templates.load(staticFiles: StaticFiles.bundled())
    }
}
