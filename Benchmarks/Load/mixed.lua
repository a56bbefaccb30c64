-- A mixed load over every app's pages and APIs, each request drawn by weight. Every path
-- here exists in a new data directory (the bundled catalogs, the sample library), so that
-- any answer of 400 or more is an error.
local requests = {
  { 3, "GET", "/" },
  { 6, "GET", "/transistors" },
  { 6, "GET", "/transistors?min_voltage=80V&min_current=5A" },
  { 3, "GET", "/transistors?search=2n2&sort=voltage" },
  { 3, "GET", "/transistors/2N2222A" },
  { 3, "GET", "/api/transistors?family=MOSFET" },
  { 2, "GET", "/api/transistors/2N2222A/substitutes" },
  { 4, "GET", "/modbus" },
  { 4, "GET", "/api/modbus" },
  { 2, "GET", "/modbus/variables/1" },
  { 1, "GET", "/api/modbus/variables/1/history" },
  { 8, "GET", "/library" },
  { 4, "GET", "/library?search=austen" },
  { 2, "GET", "/library?view=grid&status=available" },
  { 4, "GET", "/library/books/{book}" },
  { 4, "GET", "/library/covers/{book}/small" },
  { 4, "GET", "/library/api/books" },
  { 2, "GET", "/library/api/books?page=1&per_page=5" },
  { 3, "GET", "/library/api/books/{book}" },
  { 1, "GET", "/library/api/books/{book}/loans" },
  { 1, "GET", "/library/api/loans/overdue" },
  { 1, "PUT", "/library/api/books/{book}", '{"publisher": "Load Test Press"}' },
  { 5, "GET", "/stella" },
  { 6, "GET", "/stella/ready-to-wear" },
  { 3, "GET", "/stella/accessories?sort=price-asc" },
  { 4, "GET", "/stella/products/ST100037" },
  { 4, "GET", "/stella/images/st100000/1" },
  { 2, "GET", "/stella/api/departments" },
  { 2, "GET", "/stella/api/departments/beauty/products" },
  { 3, "GET", "/browser" },
  { 2, "GET", "/browser/api/hosts" },
  { 2, "GET", "/static/listor.css" },
}
local total = 0
for _, entry in ipairs(requests) do total = total + entry[1] end
local counter = 0

init = function(args)
  math.randomseed(os.time() + (tonumber(args[1]) or 0))
end

request = function()
  counter = counter + 1
  local pick = math.random(total)
  for _, entry in ipairs(requests) do
    pick = pick - entry[1]
    if pick <= 0 then
      local path = entry[3]:gsub("{book}", tostring(math.random(10)))
      local headers = { ["Accept-Encoding"] = "gzip" }
      if entry[4] then headers["Content-Type"] = "application/json" end
      return wrk.format(entry[2], path, headers, entry[4])
    end
  end
end
