/* SPDX-License-Identifier: GPL-3.0-or-later */
// pagesizes.cpp — sample: pdftools-pagesizes lists the display size of every
// page of a PDF in points and millimetres, names common paper sizes, and sums
// up how many pages have each size.  Shows libpdftools from C++17 with a small
// RAII wrapper (the handle is closed by a destructor, errors become
// exceptions).
//
// Usage: pdftools-pagesizes FILE [PASSWORD]
// Exit codes: 0 success, 1 the library reported an error, 2 usage.
//
// Build: see README.md in this folder (make, with pkg-config).
#include <pdftools.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace {

// A failed libpdftools call.
class Error : public std::runtime_error {
public:
  Error(const std::string &what, pdftools_status status)
      : std::runtime_error(what + ": " + pdftools_status_string(status) + " (" +
                           pdftools_last_error_message() + ")") {}
};

void check(pdftools_status status, const char *what) {
  if (status != PDFTOOLS_OK) throw Error(what, status);
}

// Owns one pdftools_document handle.
class Document {
public:
  static Document open(const std::string &path, const char *password) {
    pdftools_document *doc = nullptr;
    check(pdftools_document_open(path.c_str(), password, &doc), ("cannot open '" + path + "'").c_str());
    return Document(doc);
  }

  int32_t page_count() const {
    int32_t n = 0;
    check(pdftools_document_get_page_count(doc_.get(), &n), "page count");
    return n;
  }

  std::pair<double, double> page_size(int32_t index) const {
    double w = 0, h = 0;
    check(pdftools_page_get_size(doc_.get(), index, &w, &h), "page size");
    return {w, h};
  }

  // The two-call pattern into a std::string.
  std::string page_label(int32_t index) const {
    size_t size = 0;
    check(pdftools_page_get_label(doc_.get(), index, nullptr, 0, &size), "page label");
    std::string label(size, '\0');
    check(pdftools_page_get_label(doc_.get(), index, &label[0], label.size(), &size), "page label");
    label.resize(size > 0 ? size - 1 : 0); // drop the terminating NUL
    return label;
  }

private:
  struct Closer {
    void operator()(pdftools_document *doc) const { pdftools_document_close(doc); }
  };
  explicit Document(pdftools_document *doc) : doc_(doc) {}
  std::unique_ptr<pdftools_document, Closer> doc_;
};

// Names a paper size when w x h (points, either orientation) matches one within 1 mm.
std::string paper_name(double w, double h) {
  struct Paper {
    const char *name;
    double w, h; // millimetres
  };
  static const Paper papers[] = {{"A3", 297, 420},     {"A4", 210, 297},        {"A5", 148, 210},
                                 {"A6", 105, 148},     {"B5", 176, 250},        {"US Letter", 215.9, 279.4},
                                 {"US Legal", 215.9, 355.6}, {"Tabloid", 279.4, 431.8}};
  const double wmm = w * 25.4 / 72.0, hmm = h * 25.4 / 72.0;
  for (const Paper &p : papers) {
    if (std::fabs(wmm - p.w) <= 1.0 && std::fabs(hmm - p.h) <= 1.0) return std::string(p.name) + " portrait";
    if (std::fabs(wmm - p.h) <= 1.0 && std::fabs(hmm - p.w) <= 1.0) return std::string(p.name) + " landscape";
  }
  return "";
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: pdftools-pagesizes FILE [PASSWORD]\n");
    return 2;
  }
  try {
    const Document doc = Document::open(argv[1], argc == 3 ? argv[2] : nullptr);
    const int32_t pages = doc.page_count();
    std::map<std::pair<long, long>, int> sizes; // rounded to 1/100 pt
    for (int32_t i = 0; i < pages; ++i) {
      const auto [w, h] = doc.page_size(i);
      const std::string name = paper_name(w, h);
      std::printf("page %d (label \"%s\"): %.2f x %.2f pt = %.1f x %.1f mm%s%s\n", static_cast<int>(i + 1),
                  doc.page_label(i).c_str(), w, h, w * 25.4 / 72.0, h * 25.4 / 72.0, name.empty() ? "" : ", ",
                  name.c_str());
      ++sizes[{std::lround(w * 100), std::lround(h * 100)}];
    }
    std::printf("%d pages, %zu distinct size%s\n", static_cast<int>(pages), sizes.size(),
                sizes.size() == 1 ? "" : "s");
    for (const auto &[size, n] : sizes)
      std::printf("  %.2f x %.2f pt: %d page%s\n", size.first / 100.0, size.second / 100.0, n, n == 1 ? "" : "s");
  } catch (const Error &e) {
    std::fprintf(stderr, "pdftools-pagesizes: %s\n", e.what());
    return 1;
  } catch (const std::exception &e) {
    std::fprintf(stderr, "pdftools-pagesizes: %s\n", e.what());
    return 1;
  }
  return 0;
}
